import { deriveMenuRoutes, type MenuItem, type MenuRoute } from '@brokerdesk/shared'
import { useMemo } from 'react'
import { Route, Routes } from 'react-router'
import { useMenus } from '../api/queries'
import { PageLoading } from '../components/PageLoading'
import { ForbiddenPage, NotFoundPage } from '../pages/errors/ErrorPage'
import { getConfig } from './config'
import { PAGE_REGISTRY, pageOf } from './page-registry'
import './page-registry-entries'

/**
 * The name a page's title shows: a page item's own; for a resource's list and edit pages the
 * resource's item rather than its `{id}` action.
 */
function titleOf(items: readonly MenuItem[], route: MenuRoute, group: string): string {
  const own = items.find((item) => item.id === route.menuId)
  if (route.kind === 'page' && own) return own.name
  const resource = items.find((item) => item.resource_id === -1 && item.url === `/${group}/${route.resource}`)
  return (resource ?? own)?.name ?? route.resource
}

function elementOf(items: readonly MenuItem[], route: MenuRoute, group: string) {
  const title = titleOf(items, route, group)
  if (route.kind === 'page') {
    const Page = PAGE_REGISTRY[route.resource]?.pages?.[route.path]
    return Page ? <Page resource={route.resource} title={title} /> : <NotFoundPage />
  }
  const Page = pageOf(route.resource, route.kind)
  return <Page key={route.path} resource={route.resource} title={title} />
}

/**
 * The pages of a group derived from the menu list of GET /open/menu (SPEC §2): a path no menu
 * item gives is one the user has no permission for.
 */
export function MenuRoutes({ group = 'admin' }: { group?: string }) {
  const menus = useMenus()
  const items = menus.data ?? []
  const routes = useMemo(() => deriveMenuRoutes(items, group, getConfig().env), [items, group])
  if (menus.isPending) return <PageLoading />
  return (
    <Routes>
      {routes.map((route) => (
        <Route
          key={route.path}
          path={route.path === '' ? undefined : route.path}
          index={route.path === ''}
          element={elementOf(items, route, group)}
        />
      ))}
      <Route path="*" element={<ForbiddenPage />} />
    </Routes>
  )
}
