import { EnvironmentOutlined } from '@ant-design/icons'
import type { TMapPlace } from '@brokerdesk/shared/maps'
import { Alert, Button, Empty, Form, Input, List, Skeleton } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { pairOf } from './coordinates'
import { searchPlaces, useMapConfig } from './map-api'
import './maps.css'
import { lazyPart } from '../../app/lazy-part'

const MapCanvas = lazyPart(
  () => import('./MapCanvas'),
  () => <Skeleton.Input active block className="bd-map__loading" />,
)

export interface CoordinatePickerProps {
  /** The form fields holding the longitude and the latitude (their own inputs stay the validated way in). */
  lngField?: string
  latField?: string
  disabled?: boolean
}

/**
 * Picks the longitude and latitude of an antd form: on the map of the provider chosen in the settings
 * (its JS API loaded only here, and only with a browser key) or from the server's place search. Without
 * a key, or when the map cannot load, a hint says to type the numbers into the fields.
 */
export function CoordinatePicker({ lngField = 'lng', latField = 'lat', disabled }: CoordinatePickerProps) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const lng = Form.useWatch(lngField, form)
  const lat = Form.useWatch(latField, form)
  const config = useMapConfig()
  const [failed, setFailed] = useState(false)
  const position = pairOf(lng, lat)

  const pick = (x: number, y: number) => {
    if (disabled) return
    form.setFieldsValue({ [lngField]: x, [latField]: y })
    void form.validateFields([lngField, latField]).catch(() => undefined)
  }

  if (config.isPending) return <Skeleton.Input active block className="bd-map__loading" />
  const map = config.data
  const hasMap = Boolean(map?.key) && !failed
  return (
    <div className="bd-map" data-testid="coordinate-picker">
      {!hasMap && (
        <Alert
          type="info"
          showIcon
          icon={<EnvironmentOutlined />}
          title={t(failed ? 'map.load_failed' : 'map.no_key')}
          data-testid="map-hint"
        />
      )}
      {map?.search ? (
        <PlaceSearch disabled={disabled} onPick={(place) => pick(place.lng, place.lat)} />
      ) : null}
      {map && hasMap && (
        <>
          <MapCanvas
            provider={map.provider}
            apiKey={map.key}
            securityCode={map.security_code}
            zoom={map.scale}
            position={position}
            onPick={pick}
            onFailed={() => setFailed(true)}
          />
          <p className="bd-map__hint">{t('map.pick_hint')}</p>
        </>
      )}
      {position && !disabled && (
        <Button
          size="small"
          type="link"
          className="bd-map__clear"
          onClick={() => form.setFieldsValue({ [lngField]: null, [latField]: null })}
        >
          {t('map.clear')}
        </Button>
      )}
    </div>
  )
}

/** The keyword search through GET /home/map/search-amap; choosing a place sets the coordinates. */
function PlaceSearch({ disabled, onPick }: { disabled?: boolean; onPick: (place: TMapPlace) => void }) {
  const { t } = useTranslation()
  const [places, setPlaces] = useState<TMapPlace[] | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [chosen, setChosen] = useState('')
  const running = useRef<AbortController | null>(null)

  const search = async (words: string) => {
    const keywords = words.trim()
    if (!keywords) return
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setBusy(true)
    setError('')
    try {
      setPlaces(await searchPlaces(keywords, controller.signal))
    } catch (failure) {
      if ((failure as Error)?.name === 'AbortError') return
      setPlaces(null)
      setError(failure instanceof HttpError ? failure.message : t('http.server_error'))
    } finally {
      if (running.current === controller) setBusy(false)
    }
  }

  return (
    <div className="bd-map__search">
      <Input.Search
        allowClear
        disabled={disabled}
        maxLength={80}
        loading={busy}
        placeholder={t('map.search_placeholder')}
        aria-label={t('map.search_placeholder')}
        onSearch={(words) => void search(words)}
        // Enter searches; it must not submit the surrounding form.
        onPressEnter={(event) => event.preventDefault()}
      />
      {error && <Alert type="warning" showIcon title={error} className="bd-map__error" />}
      {places &&
        (places.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('map.no_places')} />
        ) : (
          <List
            size="small"
            bordered
            className="bd-map__places"
            dataSource={places}
            renderItem={(place) => (
              <List.Item
                className={place.id === chosen ? 'bd-map__place bd-map__place--chosen' : 'bd-map__place'}
              >
                <button
                  type="button"
                  className="bd-map__place-button"
                  disabled={disabled}
                  onClick={() => {
                    setChosen(place.id)
                    onPick(place)
                  }}
                >
                  <strong>{place.name}</strong>
                  <span>{place.address}</span>
                  <span className="bd-map__place-coords">
                    {place.lng.toFixed(6)}, {place.lat.toFixed(6)}
                  </span>
                </button>
              </List.Item>
            )}
          />
        ))}
    </div>
  )
}
