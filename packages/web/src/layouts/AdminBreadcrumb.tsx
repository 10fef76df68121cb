import { breadcrumbOf, METHOD_BITS, type MenuItem } from '@brokerdesk/shared'
import { Breadcrumb } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useMenus } from '../api/queries'
import { isMenuPage } from '../app/menu-tree'
import { menuLabel } from '../i18n/menu-label'

/** A menu url as a pattern of paths: `{id}` stands for a record's number, other parameters for a segment. */
const pattern = (url: string) =>
  new RegExp(
    `^${url
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{id\}/g, '\\d+')
      .replace(/\{\w+\}/g, '[^/]+')}$`,
  )

/**
 * The menu item of a path (SPEC §2 "Menu state"): its url (or url + /index), viewable (method 1). A
 * resource's create page has no item of its own (creating is a POST): it belongs to its list.
 */
export function currentMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const path = pathname.replace(/\/$/, '')
  const viewable = items.filter((item) => item.url && item.method.includes(1))
  const find = (path: string) =>
    viewable.find((item) => item.url === path || item.url === `${path}/index`) ??
    viewable.find((item) => item.url.includes('{') && pattern(item.url).test(path))
  return path.endsWith('/create') ? find(path.slice(0, -'/create'.length)) : find(path)
}

/**
 * The menu items of the trail to a page, the groups of the top level left out. A record's page is its
 * edit form for those who may update it: its update item names it then.
 */
export function breadcrumbTrail(items: readonly MenuItem[], pathname: string): MenuItem[] {
  const current = currentMenuItem(items, pathname)
  if (!current) return []
  const trail = breadcrumbOf(items, current).filter((item) => item.parent_id !== 0)
  const update = current.url.endsWith('/{id}')
    ? items.find((item) => item.url === current.url && item.method.includes(METHOD_BITS.put))
    : undefined
  return update ? [...trail.slice(0, -1), update] : trail
}

/**
 * The trail of the current page from the nested-set margins of the menu list: a create page ends in
 * its list, then "Create"; a record's page in its update item when the user may update it.
 */
export function AdminBreadcrumb() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const menus = useMenus()
  const creating = pathname.replace(/\/$/, '').endsWith('/create')
  const trail = useMemo(() => breadcrumbTrail(menus.data ?? [], pathname), [menus.data, pathname])
  if (trail.length === 0) return null
  const current = menuLabel(trail[trail.length - 1].name)
  return (
    <>
      {/* A phone has no room for the trail: the header names the page alone. */}
      <span className="bd-admin__page-name" aria-hidden="true">
        {creating ? `${current} · ${t('actions.create')}` : current}
      </span>
      <Breadcrumb
        className="bd-admin__breadcrumb"
        items={[
          ...trail.map((item, i) => ({
            key: item.id,
            title:
              (i < trail.length - 1 || creating) && isMenuPage(item) ? (
                <Link to={item.url}>{menuLabel(item.name)}</Link>
              ) : (
                menuLabel(item.name)
              ),
          })),
          ...(creating ? [{ key: 'create', title: t('actions.create') }] : []),
        ]}
      />
    </>
  )
}
