import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { ConfigValueInput } from './ConfigValueInput'

const renderers = { value: ConfigValueInput }

/** A setting: its value edited with the input of its type; the rest is the generic form. */
export default function ConfigEdit(props: ResourcePageProps) {
  return <ResourceEditPage {...props} renderers={renderers} />
}
