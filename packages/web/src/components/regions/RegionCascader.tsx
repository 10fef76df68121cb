import type { TRegion } from '@brokerdesk/shared/maps'
import { Cascader, Form } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http'

interface Option {
  value: number
  label: string
  isLeaf: boolean
  children?: Option[]
}

const fetchRegions = async (parentId: number): Promise<Option[]> =>
  (await http.get<{ regions: TRegion[] }>('/home/map/regions', { parent_id: parentId })).regions.map(
    (region) => ({ value: region.value, label: region.label, isLeaf: region.leaf }),
  )

export interface RegionCascaderProps {
  id?: string
  /** The province id: the control sits in the Form.Item of the province field. */
  value?: unknown
  onChange?: (value: unknown) => void
  disabled?: boolean
  /** The form fields of the city and the zone, kept by this control too. */
  cityField?: string
  zoneField?: string
}

/**
 * Province, city and district chosen in one cascader, loaded a level at a time (GET /home/map/regions).
 * It is the control of the province field and keeps the city and zone fields of the same form (0: none);
 * the server stores the names beside the ids.
 */
export function RegionCascader({
  id,
  value,
  onChange,
  disabled,
  cityField = 'city_id',
  zoneField = 'zone_id',
}: RegionCascaderProps) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const city = Number(Form.useWatch(cityField, form) ?? 0)
  const zone = Number(Form.useWatch(zoneField, form) ?? 0)
  const province = Number(value ?? 0)
  const [options, setOptions] = useState<Option[]>([])
  const pending = useRef(new Set<number>())

  const fill = useCallback((target: Option) => {
    if (pending.current.has(target.value)) return
    pending.current.add(target.value)
    fetchRegions(target.value)
      .then((children) => {
        target.children = children
        if (children.length === 0) target.isLeaf = true
        setOptions((current) => [...current])
      })
      .catch(() => undefined)
      .finally(() => pending.current.delete(target.value))
  }, [])

  useEffect(() => {
    fetchRegions(0)
      .then(setOptions)
      .catch(() => setOptions([]))
  }, [])

  // The levels down to the chosen place, so that it shows by its names (also when the form fills later).
  useEffect(() => {
    const inProvince = options.find((option) => option.value === province)
    if (!inProvince || inProvince.isLeaf) return
    if (!inProvince.children) {
      if (city) fill(inProvince)
      return
    }
    const inCity = inProvince.children.find((option) => option.value === city)
    if (inCity && !inCity.isLeaf && !inCity.children && zone) fill(inCity)
  }, [options, province, city, zone, fill])

  const path = [province, city, zone].filter(
    (part, index, all) => part > 0 && all.slice(0, index).every((p) => p > 0),
  )
  return (
    <>
      <Cascader<Option>
        id={id}
        disabled={disabled}
        options={options}
        value={path.length ? path : undefined}
        loadData={(selected) => fill(selected[selected.length - 1] as Option)}
        changeOnSelect
        allowClear
        showSearch={false}
        placeholder={t('map.region')}
        aria-label={t('map.region')}
        onChange={(picked) => {
          const ids = ((picked ?? []) as number[]).map(Number)
          onChange?.(ids[0] ?? 0)
          form.setFieldsValue({ [cityField]: ids[1] ?? 0, [zoneField]: ids[2] ?? 0 })
        }}
      />
      <Form.Item name={cityField} hidden noStyle>
        <input type="hidden" />
      </Form.Item>
      <Form.Item name={zoneField} hidden noStyle>
        <input type="hidden" />
      </Form.Item>
    </>
  )
}
