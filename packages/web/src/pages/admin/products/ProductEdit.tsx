import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { FirstClassifySelect, SecondClassifySelect } from './ClassifySelects'

const renderers = { classify_id: FirstClassifySelect, classify2_id: SecondClassifySelect }

/** A product: the second-level classification depends on the first; the rest is the generic form. */
export default function ProductEdit(props: ResourcePageProps) {
  return <ResourceEditPage {...props} renderers={renderers} />
}
