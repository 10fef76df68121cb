import { breadcrumbOf, type MenuItem } from '@brokerdesk/shared'
import { Breadcrumb } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useMenus } from '../api/queries'
import { isMenuPage } from '../app/menu-tree'
import { menuLabel } from '../i18n/menu-label'

const pattern = (url: string) =>
  new RegExp(`^${url.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`)

/** The menu item of a path (SPEC §2 "Menu state"): its url (or url + /index), viewable (method 1). */
export function currentMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const path = pathname.replace(/\/$/, '')
  const viewable = items.filter((item) => item.url && item.method.includes(1))
  return (
    viewable.find((item) => item.url === path || item.url === `${path}/index`) ??
    viewable.find((item) => item.url.includes('{') && pattern(item.url).test(path))
  )
}

/** The trail of the current page from the nested-set margins of the menu list. */
export function AdminBreadcrumb() {
  useTranslation()
  const { pathname } = useLocation()
  const menus = useMenus()
  const trail = useMemo(() => {
    const items = menus.data ?? []
    const current = currentMenuItem(items, pathname)
    return current ? breadcrumbOf(items, current).filter((item) => item.parent_id !== 0) : []
  }, [menus.data, pathname])
  if (trail.length === 0) return null
  return (
    <Breadcrumb
      className="bd-admin__breadcrumb"
      items={trail.map((item, i) => ({
        key: item.id,
        title:
          i < trail.length - 1 && isMenuPage(item) ? (
            <Link to={item.url}>{menuLabel(item.name)}</Link>
          ) : (
            menuLabel(item.name)
          ),
      }))}
    />
  )
}
