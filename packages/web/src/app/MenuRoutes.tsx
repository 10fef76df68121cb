import { deriveMenuRoutes, type MenuItem, type MenuRoute } from '@brokerdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ComponentType, useMemo, useState } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { getConfig } from '../api/config'
import { isKnownPage } from '../api/menus'
import { useMenus } from '../api/queries'
import { PageLoading } from '../components/PageLoading'
import { prefetchResourceList } from '../components/resource/list-prefetch'
import type { ResourcePageProps } from '../components/resource/ResourcePage'
import { listSearchFor } from '../state/list-state'
import { PAGE_REGISTRY, pageOf, ResourceListPage } from './page-registry'
import './page-registry-entries'
import { ForbiddenPage, NotFoundPage } from './error-pages'

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
  if (Page === ResourceListPage)
    return <PrefetchedList key={route.path} Page={Page} resource={route.resource} title={title} />
  return <Page key={route.path} resource={route.resource} title={title} />
}

/** A generic list page whose page data and first page are asked for as the route is entered. */
function PrefetchedList({ Page, ...props }: ResourcePageProps & { Page: ComponentType<ResourcePageProps> }) {
  const client = useQueryClient()
  const location = useLocation()
  useState(() => prefetchResourceList(client, props.resource, listSearchFor(props.resource, location.search)))
  return <Page {...props} />
}

/**
 * A path the user's menu does not give: "no permission" where the menu has a page there, "not
 * found" otherwise (the server knows every page, the user's menu only theirs).
 */
function UnlistedPage() {
  const { pathname } = useLocation()
  const known = useQuery({ queryKey: ['known-page', pathname], queryFn: () => isKnownPage(pathname) })
  if (known.isPending) return <PageLoading />
  return known.data ? <ForbiddenPage /> : <NotFoundPage />
}

/**
 * The pages of a group derived from the menu list of GET /open/menu (SPEC §2): a path no menu
 * item gives is one the user has no permission for.
 */
export default function MenuRoutes({ group = 'admin' }: { group?: string }) {
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
      <Route path="*" element={<UnlistedPage />} />
    </Routes>
  )
}
