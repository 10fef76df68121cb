import { useState } from 'react'
import type { Params } from '../../../api/http'
import { useHeldRoutes } from '../../../app/permissions'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { DeleteMatchingButton } from './DeleteMatchingButton'

/** Agent systems: the generic list plus "delete what the filter matches" for those allowed to. */
export default function AgentSystemList(props: ResourcePageProps) {
  const [filters, setFilters] = useState<Params>({})
  const allowed = useHeldRoutes()('/admin/agent-systems/condition-delete', 'DELETE')
  return (
    <ResourceListPage
      {...props}
      onFiltersChange={setFilters}
      toolbar={allowed ? <DeleteMatchingButton filters={filters} /> : undefined}
    />
  )
}
