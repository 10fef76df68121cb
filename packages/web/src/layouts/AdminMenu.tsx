import type { MenuNode } from '@brokerdesk/shared'
import { Menu, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useMenus } from '../api/queries'
import { groupMenu, isMenuPage } from '../app/menu-tree'
import { usePluginTexts } from '../app/plugin-texts'
import { MenuIcon } from '../components/MenuIcon'
import { menuLabel } from '../i18n/menu-label'

type Item = Required<MenuProps>['items'][number]

function toItem(node: MenuNode, depth: number): Item {
  const label = menuLabel(node.name)
  const icon = depth === 0 || node.icons ? <MenuIcon icons={node.icons} /> : undefined
  if (isMenuPage(node)) {
    const link =
      node.is_out_link === 1 ? (
        <a href={node.url} target="_blank" rel="noreferrer">
          {label}
        </a>
      ) : (
        <Link to={node.url}>{label}</Link>
      )
    return { key: node.url, icon, label: link }
  }
  return {
    key: `group-${node.id}`,
    icon,
    label,
    children: (node.childrens ?? []).map((child) => toItem(child, depth + 1)),
  }
}

function ancestorsOf(nodes: readonly MenuNode[], url: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (isMenuPage(node) && (node.url === url || `${node.url}/index` === url)) return trail
    const found = ancestorsOf(node.childrens ?? [], url, [...trail, `group-${node.id}`])
    if (found) return found
  }
  return null
}

/** The admin sider menu: the groups and pages of GET /open/menu as a tree (nothing while it is empty). */
export function AdminMenu({ collapsed }: { collapsed: boolean }) {
  useTranslation()
  usePluginTexts()
  const { pathname } = useLocation()
  const menus = useMenus()
  const tree = useMemo(() => groupMenu(menus.data ?? [], 'admin'), [menus.data])
  if (tree.length === 0) return null
  const openKeys = ancestorsOf(tree, pathname) ?? []
  return (
    <Menu
      mode="inline"
      items={tree.map((node) => toItem(node, 0))}
      selectedKeys={[pathname, pathname.replace(/\/index$/, '')]}
      defaultOpenKeys={collapsed ? undefined : openKeys}
      className="bd-admin__menu"
      style={{ borderInlineEnd: 'none' }}
    />
  )
}
