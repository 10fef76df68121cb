import type { MenuNode } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Menu, type MenuProps } from 'antd'
import { memo, useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useMenus } from '../api/queries'
import { groupMenu, isMenuPage } from '../app/menu-tree'
import { usePluginTexts } from '../app/plugin-texts'
import { MenuIcon } from '../components/MenuIcon'
import { menuLabel } from '../i18n/menu-label'

type Item = Required<MenuProps>['items'][number]

/** How long the pointer rests on a link before its page is prefetched (passing over it is not enough). */
const HOVER_INTENT_MS = 80
/** How long after the page loaded the menu's pages start loading in the background. */
const AFTER_LOAD_MS = 1000

interface Intent {
  /** The pointer rests on the link or it has the focus: its page is prefetched after HOVER_INTENT_MS. */
  start: (url: string) => void
  stop: () => void
  /** The link is being pressed: its page is prefetched at once. */
  now: (url: string) => void
}

function toItem(node: MenuNode, depth: number, intent: Intent): Item {
  const label = menuLabel(node.name)
  const icon = depth === 0 || node.icons ? <MenuIcon icons={node.icons} /> : undefined
  if (isMenuPage(node)) {
    const link =
      node.is_out_link === 1 ? (
        <a href={node.url} target="_blank" rel="noreferrer">
          {label}
        </a>
      ) : (
        <Link
          to={node.url}
          onPointerEnter={() => intent.start(node.url)}
          onPointerLeave={intent.stop}
          onFocus={() => intent.start(node.url)}
          onBlur={intent.stop}
          onPointerDown={() => intent.now(node.url)}
        >
          {label}
        </Link>
      )
    return { key: node.url, icon, label: link }
  }
  return {
    key: `group-${node.id}`,
    icon,
    label,
    children: (node.childrens ?? []).map((child) => toItem(child, depth + 1, intent)),
  }
}

/** The page of the sider at `url` (itself, or as `url/index`) and the groups above it. */
function placeOf(
  nodes: readonly MenuNode[],
  url: string,
  groups: string[] = [],
): { key: string; groups: string[] } | null {
  for (const node of nodes) {
    if (isMenuPage(node) && (node.url === url || `${node.url}/index` === url))
      return { key: node.url, groups }
    const found = placeOf(node.childrens ?? [], url, [...groups, `group-${node.id}`])
    if (found) return found
  }
  return null
}

/**
 * The page of the sider a path belongs to: its own, else the nearest page above it (a record's
 * details and a create page belong to their list), so that it is marked and its groups open.
 */
export function siderPlaceOf(nodes: readonly MenuNode[], pathname: string) {
  for (let url = pathname.replace(/\/$/, ''); url; url = url.slice(0, url.lastIndexOf('/'))) {
    const place = placeOf(nodes, url)
    if (place) return place
  }
  return null
}

/**
 * antd's Menu, drawn again only when what it shows changes: the menu re-renders for its queries'
 * states, the session and the address too, and each time every item redrew (some 150 components).
 * `openGroups`: the groups open when it mounts, joined by spaces.
 */
const SiderMenu = memo(function SiderMenu({
  items,
  selected,
  openGroups,
}: {
  items: Item[]
  selected: string | undefined
  openGroups: string | undefined
}) {
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={openGroups?.split(' ').filter(Boolean)}
      className="bd-admin__menu"
      style={{ borderInlineEnd: 'none' }}
    />
  )
})

/** The admin sider menu: the groups and pages of GET /open/menu as a tree (nothing while it is empty). */
export function AdminMenu({ collapsed }: { collapsed: boolean }) {
  // A new `t` when the language or its texts change: the labels are made again.
  const { t } = useTranslation()
  usePluginTexts()
  const { pathname } = useLocation()
  const menus = useMenus()
  const tree = useMemo(() => groupMenu(menus.data ?? [], 'admin'), [menus.data])
  const client = useQueryClient()
  const timer = useRef<number | undefined>(undefined)
  const intent = useMemo<Intent>(() => {
    const stop = () => window.clearTimeout(timer.current)
    const now = (url: string) => {
      stop()
      void import('../app/MenuRoutes')
        .then((module) => module.prefetchMenuPage(client, menus.data ?? [], url))
        .catch(() => undefined)
    }
    return {
      stop,
      now,
      start: (url) => {
        stop()
        timer.current = window.setTimeout(() => now(url), HOVER_INTENT_MS)
      },
    }
  }, [client, menus.data])
  useEffect(() => () => window.clearTimeout(timer.current), [])
  // The menu's pages and the generic list page load on any admin page (the home too) once it is
  // loaded and its own late parts (the home's charts) had a second to start: a click on a list then
  // waits only for its data.
  const loaded = menus.data !== undefined
  useEffect(() => {
    if (!loaded) return
    let timer: number | undefined
    const preload = () =>
      void import('../app/MenuRoutes').then((module) => module.preloadListPage()).catch(() => undefined)
    const later = () => {
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200))
      timer = window.setTimeout(() => idle(preload), AFTER_LOAD_MS)
    }
    if (document.readyState === 'complete') later()
    else window.addEventListener('load', later, { once: true })
    return () => {
      window.removeEventListener('load', later)
      window.clearTimeout(timer)
    }
  }, [loaded])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language through `t`
  const items = useMemo(() => tree.map((node) => toItem(node, 0, intent)), [tree, intent, t])
  if (tree.length === 0) return null
  const place = siderPlaceOf(tree, pathname)
  return (
    <SiderMenu
      items={items}
      selected={place?.key}
      openGroups={collapsed ? undefined : (place?.groups ?? []).join(' ')}
    />
  )
}
