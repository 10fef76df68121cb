import type { MenuNode } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useMenus } from '../api/queries'
import { prefetchMenuPage, preloadListPage } from '../app/menu-prefetch'
import { groupMenu, isMenuPage } from '../app/menu-tree'
import { usePluginTexts } from '../app/plugin-texts'
import { groupKey, type Intent, makeEntries, SiderTree } from './SiderTree'

/** How long the pointer rests on a link before its page is prefetched (passing over it is not enough). */
const HOVER_INTENT_MS = 80
/** How long after the page loaded the menu's pages start loading in the background. */
const AFTER_LOAD_MS = 1000

/** The page of the sider at `url` (itself, or as `url/index`) and the groups above it. */
function placeOf(
  nodes: readonly MenuNode[],
  url: string,
  groups: string[] = [],
): { key: string; groups: string[] } | null {
  for (const node of nodes) {
    if (isMenuPage(node) && (node.url === url || `${node.url}/index` === url))
      return { key: node.url, groups }
    const found = placeOf(node.childrens ?? [], url, [...groups, groupKey(node)])
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
 * The open groups: those above the page marked when it mounts, and again each time the address
 * moves to another page (in a group the user closed, it opens); the user's own toggles are kept.
 */
function useOpenGroups(page: string | undefined, trail: string) {
  const [state, setState] = useState(() => ({ page, open: new Set(trail.split(' ').filter(Boolean)) }))
  if (state.page !== page) {
    const open = new Set([...state.open, ...trail.split(' ').filter(Boolean)])
    setState({ page, open })
    return { open, setState }
  }
  return { open: state.open, setState }
}

/**
 * The admin sider menu: the groups and pages of GET /open/menu as a tree (nothing while it is empty,
 * nor while `hidden`: the sider is 0 px wide on a narrow screen until opened, and drawing its rows
 * there took ~100 ms of the layout's 0.5 s first render at 390 px with the CPU 4× slower).
 */
export function AdminMenu({
  collapsed,
  hidden = false,
  onExpand,
}: {
  collapsed: boolean
  hidden?: boolean
  onExpand?: () => void
}) {
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
      prefetchMenuPage(client, menus.data ?? [], url)
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
    const preload = () => preloadListPage()
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
  const entries = useMemo(
    () => (hidden ? undefined : makeEntries(tree, intent, collapsed)),
    [tree, intent, collapsed, hidden, t],
  )
  const place = useMemo(() => siderPlaceOf(tree, pathname), [tree, pathname])
  const trail = (place?.groups ?? []).join(' ')
  const { open, setState } = useOpenGroups(place?.key, trail)
  // Read when a group is activated: the tree keeps one handler whatever the caller passes.
  const expand = useRef(onExpand)
  useEffect(() => {
    expand.current = onExpand
  })
  const onGroup = useCallback(
    (key: string) => {
      setState((state) => {
        const open = new Set(state.open)
        // Collapsed, a group's icon opens the sider with that group open.
        if (collapsed || !open.has(key)) open.add(key)
        else open.delete(key)
        return { ...state, open }
      })
      if (collapsed) expand.current?.()
    },
    [collapsed, setState],
  )
  if (tree.length === 0 || !entries) return null
  const path = pathname.replace(/\/$/, '')
  const exact = place !== null && (path === place.key || path === `${place.key}/index`)
  return (
    <SiderTree
      tree={tree}
      entries={entries}
      intent={intent}
      selected={place?.key}
      current={exact ? 'page' : 'true'}
      trail={trail}
      open={open}
      collapsed={collapsed}
      onGroup={onGroup}
    />
  )
}
