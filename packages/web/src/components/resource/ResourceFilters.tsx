import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons'
import type { FilterMeta, OptionItem, ResourcePageData } from '@brokerdesk/shared'
import { Button, Col, Form, Input, Row, Select, Space } from 'antd'
import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Params } from '../../api/http'
import { lazyPart } from '../../app/lazy-part'
import { type Dayjs, dayjs } from '../../i18n/dayjs'
import { fieldTitle, optionText } from './option-label'
import { flattenOptions } from './resource-api'

/** Filters shown before "more" is opened. */
const FIRST_FILTERS = 4

type Values = Record<string, unknown>

const hasValue = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)

const isDateType = (filter: FilterMeta) => filter.type === 'date' || filter.type === 'datetime'

/** The query parameters of the filter form's values (SPEC: filters are named after the fields). */
export function filterParams(filters: readonly FilterMeta[], values: Values): Params {
  const params: Params = {}
  for (const filter of filters) {
    const value = values[filter.name]
    if (value === undefined || value === null || value === '') continue
    if (filter.kind === 'between') {
      const [from, to] = (value as [unknown, unknown]) ?? []
      const side = (v: unknown) =>
        v === null || v === undefined
          ? ''
          : isDateType(filter)
            ? (v as Dayjs).format('YYYY-MM-DD')
            : String(v)
      if (side(from) || side(to)) params[filter.name] = `${side(from)},${side(to)}`
    } else if (filter.kind === 'bits') {
      const bits = (value as number[]).reduce((mask, bit) => mask | bit, 0)
      if (bits) params[filter.name] = bits
    } else if (Array.isArray(value)) {
      if (value.length > 0) params[filter.name] = value.join(',')
    } else {
      params[filter.name] = typeof value === 'string' ? value.trim() : value
    }
  }
  return params
}

/**
 * The filter form's values of a list's query (the address's): the way back from `filterParams`.
 * A choice is matched to its option's value (a number stays a number); a date that does not read
 * as one, or a value no option has, is left out.
 */
export function filterValues(page: ResourcePageData, params: Readonly<Record<string, string>>): Values {
  const values: Values = {}
  for (const filter of page.filters) {
    const text = params[filter.name]
    if (text === undefined || text === '' || filter.kind === 'not-in') continue
    const options = filterOptions(page, filter)
    const choice = (part: string) => options.find((option) => String(option.value) === part)?.value
    if (filter.kind === 'between') {
      const [from = '', to = ''] = text.split(',')
      const side = (part: string) => {
        if (part === '') return null
        if (isDateType(filter)) {
          const date = dayjs(part)
          return /^\d{4}-\d{2}-\d{2}$/.test(part) && date.isValid() ? date : null
        }
        const number = Number(part)
        return Number.isFinite(number) ? number : null
      }
      const range = [side(from), side(to)]
      if (range.some((v) => v !== null)) values[filter.name] = range
    } else if (filter.kind === 'bits') {
      const mask = Number(text)
      const bits = options.map((o) => o.value).filter((bit) => typeof bit === 'number' && (mask & bit) !== 0)
      if (bits.length > 0) values[filter.name] = bits
    } else if (filter.kind === 'in') {
      const parts = text.split(',').filter((part) => part !== '')
      values[filter.name] =
        options.length > 0 ? parts.map(choice).filter((v) => v !== undefined) : parts.join(',')
    } else if (filter.kind === 'equals' && options.length > 0) {
      const value = choice(text)
      if (value !== undefined) values[filter.name] = value
    } else {
      values[filter.name] = text
    }
  }
  return values
}

/** A range's two widgets; an empty box of the same size holds their place while they load. */
const RangeInput = lazyPart(
  () => import('./RangeInputs'),
  ({ id }) => <Input disabled id={id} />,
)

interface FilterInputProps {
  filter: FilterMeta
  options: readonly OptionItem[]
}

/** The control of one filter; the id, value and onChange its Form.Item hands it go to the widget. */
function FilterInput({ filter, options, ...rest }: FilterInputProps) {
  const control = rest as Record<string, never>
  const { t } = useTranslation()
  const choices = options.map((o) => ({ value: o.value, label: optionText(t, o) }))
  const select = (multiple: boolean) => (
    <Select
      {...control}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      options={choices}
      placeholder={t('actions.all')}
    />
  )
  switch (filter.kind) {
    case 'between':
      return <RangeInput {...control} dates={isDateType(filter)} />
    case 'in':
    case 'bits':
      return choices.length > 0 ? select(true) : <Input {...control} allowClear placeholder="1,2,3" />
    case 'equals':
      return choices.length > 0 ? select(false) : <Input {...control} allowClear />
    default:
      return (
        <Input {...control} allowClear prefix={filter.kind === 'keyword' ? <SearchOutlined /> : undefined} />
      )
  }
}

/** Keyword search first, the id and timestamps last; otherwise the definition's order. */
function filterRank(filter: FilterMeta): number {
  if (filter.kind === 'keyword') return 0
  if (filter.name === 'id' || filter.name === 'created_at' || filter.name === 'updated_at') return 2
  return 1
}

/** A filter's choices: the page data's option set of its name, else the definition's static one. */
export function filterOptions(page: ResourcePageData, filter: FilterMeta): OptionItem[] {
  const options = page.options[filter.name] ?? (Array.isArray(filter.options) ? filter.options : [])
  return flattenOptions(options)
}

export interface ResourceFiltersProps {
  page: ResourcePageData
  /** The form's values when it opens (a list coming back as it was left). */
  initialValues?: Values
  /** The query of the search, and the form's values it came from. */
  onSearch: (params: Params, values: Values) => void
}

/**
 * The filter bar of a list, built from the definition's filters. Drawn again only when its own props
 * change: the list's answer redraws the list, and the form's Selects and fields (some hundred
 * components) have nothing new to show then.
 */
export const ResourceFilters = memo(function ResourceFilters({
  page,
  initialValues,
  onSearch,
}: ResourceFiltersProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const filters = [...page.filters]
    .filter((filter) => filter.kind !== 'not-in')
    .sort((a, b) => filterRank(a) - filterRank(b))
  // Opened already when a filter beyond the first ones holds a value.
  const [expanded, setExpanded] = useState(() =>
    filters.slice(FIRST_FILTERS).some((filter) => hasValue(initialValues?.[filter.name])),
  )
  if (filters.length === 0) return null
  const shown = expanded ? filters : filters.slice(0, FIRST_FILTERS)
  const submit = (values: Values) => onSearch(filterParams(filters, values), values)
  return (
    <Form
      form={form}
      name={`filters-${page.resource}`}
      layout="vertical"
      onFinish={submit}
      initialValues={initialValues}
      className="bd-resource-filters"
    >
      <Row gutter={16}>
        {shown.map((filter) => (
          <Col key={filter.name} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={filter.name} label={fieldTitle(t, page.resource, filter)}>
              <FilterInput filter={filter} options={filterOptions(page, filter)} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space wrap>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('actions.search')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(Object.fromEntries(filters.map((filter) => [filter.name, undefined])))
            onSearch({}, {})
          }}
        >
          {t('actions.reset')}
        </Button>
        {filters.length > FIRST_FILTERS && (
          <Button
            type="link"
            onClick={() => setExpanded((v) => !v)}
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
          >
            {t(expanded ? 'actions.less_filters' : 'actions.more_filters')}
          </Button>
        )}
      </Space>
    </Form>
  )
})
