import { useParams } from 'react-router'
import { CoordinatePicker } from '../../../components/maps/CoordinatePicker'
import { RegionCascader } from '../../../components/regions/RegionCascader'
import { FieldInput } from '../../../components/resource/inputs/FieldInput'
import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { ResetSecondFactorButton } from './ResetSecondFactorButton'

/**
 * An account: the province, city and district chosen in one cascader (the server stores their names),
 * and the coordinates typed or picked on the map of the settings' provider. The super administrator
 * may reset the account's second factor from here.
 */
export default function UserEdit(props: ResourcePageProps) {
  const id = useParams().id ?? 'create'
  return (
    <ResourceEditPage
      {...props}
      extra={<ResetSecondFactorButton id={id} />}
      shown={(name) => name !== 'city_id' && name !== 'zone_id'}
      wide={['province_id', 'address']}
      renderers={{
        province_id: ({ id, value, onChange, disabled }) => (
          <RegionCascader id={id} value={value} onChange={onChange} disabled={disabled} />
        ),
        lat: ({ values: _values, ...rest }) => (
          <>
            <FieldInput {...rest} />
            <CoordinatePicker disabled={rest.disabled} />
          </>
        ),
      }}
    />
  )
}
