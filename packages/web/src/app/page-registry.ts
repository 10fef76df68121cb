import type { ComponentType } from 'react'
import type { ResourcePageProps } from '../components/resource/ResourcePage'
import { type LazyPage, lazyPage } from './lazy-page'

type Page = LazyPage<ResourcePageProps>

export const ResourceListPage: Page = lazyPage(() => import('../components/resource/ResourceListPage'))
export const ResourceEditPage: Page = lazyPage(() => import('../components/resource/ResourceEditPage'))

export interface SpecialPages {
  list?: Page
  edit?: Page
  /** Pages of a menu item that is neither list nor edit, by the path under the group. */
  pages?: Record<string, Page>
}

/** The resources whose pages differ from the generic ones; every other resource uses those. */
export const PAGE_REGISTRY: Record<string, SpecialPages> = {}

/** Registers the special pages of a resource (done in page-registry-entries). */
export function registerPages(resource: string, pages: SpecialPages): void {
  PAGE_REGISTRY[resource] = { ...PAGE_REGISTRY[resource], ...pages }
}

export function pageOf(resource: string, kind: 'list' | 'edit'): ComponentType<ResourcePageProps> {
  const special = PAGE_REGISTRY[resource]?.[kind]
  return special ?? (kind === 'list' ? ResourceListPage : ResourceEditPage)
}
