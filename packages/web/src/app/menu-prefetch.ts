import { deriveMenuRoutes, type MenuItem } from '@brokerdesk/shared'
import type { QueryClient } from '@tanstack/react-query'
import { getConfig } from '../api/config'
import { prefetchResourceList } from '../components/resource/list-prefetch'
import { listSearchFor } from '../state/list-state'
import { MenuRoutes } from './menu-routes-page'
import { pageOf, ResourceListPage } from './page-registry'
import './page-registry-entries'

/**
 * Starts what a click on a menu link to a generic list will wait for (its chunk, page data and first
 * page), as the pointer rests on the link, is pressed on it or it gets the focus, or as the app starts
 * on the list (`search`: the address's query); other pages are left alone.
 *
 * Kept apart from the menu's routes (MenuRoutes, in the menu pages' chunk) and loaded with the admin
 * menu: a first click used to wait for that chunk before its requests were even asked.
 */
export function prefetchMenuPage(
  client: QueryClient,
  items: readonly MenuItem[],
  url: string,
  search = '',
): void {
  const path = url.replace(/^\/admin\//, '')
  const route = deriveMenuRoutes(items, 'admin', getConfig().env).find(
    (one) => one.path === path && one.kind === 'list',
  )
  if (!route || pageOf(route.resource, 'list') !== ResourceListPage) return
  preloadListPage()
  prefetchResourceList(client, route.resource, listSearchFor(route.resource, search))
}

/** Loads the menu's routes and the generic list page (the admin menu asks for them once the browser is idle). */
export function preloadListPage(): void {
  MenuRoutes.preload().catch(() => undefined)
  ResourceListPage.preload().catch(() => undefined)
}
