import { useState } from 'react'
import type { Params } from '../../../api/http'
import { useMenus } from '../../../api/queries'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { DeleteMatchingButton } from './DeleteMatchingButton'

/** Agent systems: the generic list plus "delete what the filter matches" for those allowed to. */
export default function AgentSystemList(props: ResourcePageProps) {
  const [filters, setFilters] = useState<Params>({})
  const menus = useMenus()
  const allowed = (menus.data ?? []).some(
    (item) => item.url === '/admin/agent-systems/condition-delete' && item.method.includes(8),
  )
  return (
    <ResourceListPage
      {...props}
      onFiltersChange={setFilters}
      toolbar={allowed ? <DeleteMatchingButton filters={filters} /> : undefined}
    />
  )
}
