import type { MenuNode } from '@brokerdesk/shared'
import { type MouseEvent, memo, type ReactElement } from 'react'
import { Link } from 'react-router'
import { isMenuPage } from '../app/menu-tree'
import { MenuIcon } from '../components/MenuIcon'
import { menuLabel } from '../i18n/menu-label'
import './sider-tree.css'

export interface Intent {
  /** The pointer rests on the link or it has the focus: its page is prefetched after a moment. */
  start: (url: string) => void
  stop: () => void
  /** The link is being pressed: its page is prefetched at once. */
  now: (url: string) => void
}

/** A group's key in the set of open groups and in siderPlaceOf's answer. */
export const groupKey = (node: Pick<MenuNode, 'id'>) => `group-${node.id}`

/** What a node shows whatever is selected or open: its label and icon, and a page's link. */
interface Entry {
  label: string
  content: ReactElement
  /** A page's link, not marked as the current one. */
  link?: ReactElement
}

export type Entries = ReadonlyMap<MenuNode, Entry>

/** A group's chevron: down, turned up while the group is open (antd's round-capped strokes). */
const CHEVRON = (
  <svg className="bd-menu__chevron" viewBox="0 0 10 10" width="10" height="10" aria-hidden="true">
    <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
  </svg>
)

function pageLink(
  node: MenuNode,
  entry: Omit<Entry, 'link'>,
  intent: Intent,
  named: boolean,
  current?: 'page' | 'true',
): ReactElement {
  // Collapsed, a top-level row shows its icon alone: the label names it and is its tooltip.
  const name = named ? { 'aria-label': entry.label, title: entry.label } : {}
  if (node.is_out_link === 1)
    return (
      <a className="bd-menu__row" href={node.url} target="_blank" rel="noreferrer" {...name}>
        {entry.content}
      </a>
    )
  return (
    <Link
      className="bd-menu__row"
      to={node.url}
      aria-current={current}
      onPointerEnter={() => intent.start(node.url)}
      onPointerLeave={intent.stop}
      onFocus={() => intent.start(node.url)}
      onBlur={intent.stop}
      onPointerDown={() => intent.now(node.url)}
      {...name}
    >
      {entry.content}
    </Link>
  )
}

/**
 * Each node's label, icon and link, made once per tree, language and collapse: the rows re-made for
 * a new selection or an open group reuse these elements, and React skips what it has drawn already
 * (the icons, every link but the current one's).
 */
export function makeEntries(tree: readonly MenuNode[], intent: Intent, collapsed: boolean): Entries {
  const entries = new Map<MenuNode, Entry>()
  const visit = (nodes: readonly MenuNode[], depth: number) => {
    for (const node of nodes) {
      const label = menuLabel(node.name)
      const content = (
        <>
          {(depth === 0 || node.icons) && (
            <span className="bd-menu__icon" aria-hidden="true">
              <MenuIcon icons={node.icons} />
            </span>
          )}
          <span className="bd-menu__label">{label}</span>
          {!isMenuPage(node) && CHEVRON}
        </>
      )
      const entry: Entry = { label, content }
      if (isMenuPage(node)) entry.link = pageLink(node, entry, intent, collapsed && depth === 0)
      entries.set(node, entry)
      if (!isMenuPage(node)) visit(node.childrens ?? [], depth + 1)
    }
  }
  visit(tree, 0)
  return entries
}

interface SiderTreeProps {
  tree: readonly MenuNode[]
  entries: Entries
  intent: Intent
  /** The url of the page marked, and whether the address is that page or one below it (a record's). */
  selected: string | undefined
  current: 'page' | 'true'
  /** The keys of the groups above the page marked, joined by spaces. */
  trail: string
  open: ReadonlySet<string>
  collapsed: boolean
  /** A group's button was activated (its key). */
  onGroup: (key: string) => void
}

/**
 * The admin sider's navigation tree: plain lists, links and disclosure buttons. A group's list is
 * drawn only while it is open (not drawn hidden): most groups are closed, so most pages cost nothing.
 * Memoised: the layout re-renders for its queries, the session and the address, the tree only when
 * what it shows changes.
 */
export const SiderTree = memo(function SiderTree({
  tree,
  entries,
  intent,
  selected,
  current,
  trail,
  open,
  collapsed,
  onGroup,
}: SiderTreeProps) {
  const trailKeys = new Set(trail.split(' '))
  const activate = (event: MouseEvent<HTMLButtonElement>) => {
    const key = event.currentTarget.dataset.group
    if (key) onGroup(key)
  }
  const rows = (nodes: readonly MenuNode[], depth: number): ReactElement[] =>
    nodes.map((node) => {
      const entry = entries.get(node)
      if (!entry) return <li key={node.id} />
      if (isMenuPage(node)) {
        const here = node.url === selected
        return (
          <li key={node.url}>
            {here ? pageLink(node, entry, intent, collapsed && depth === 0, current) : entry.link}
          </li>
        )
      }
      const key = groupKey(node)
      const expanded = !collapsed && open.has(key)
      const list = `bd-menu-${node.id}`
      return (
        <li key={key} className={trailKeys.has(key) ? 'bd-menu__trail' : undefined}>
          <button
            type="button"
            className="bd-menu__row"
            data-group={key}
            aria-expanded={expanded}
            // Only a list that is drawn can be referred to.
            aria-controls={expanded ? list : undefined}
            aria-label={collapsed ? entry.label : undefined}
            title={collapsed ? entry.label : undefined}
            onClick={activate}
          >
            {entry.content}
          </button>
          {expanded && (
            <ul id={list} className="bd-menu__sub">
              {rows(node.childrens ?? [], depth + 1)}
            </ul>
          )}
        </li>
      )
    })
  return (
    <ul className={collapsed ? 'bd-admin__menu bd-admin__menu--collapsed' : 'bd-admin__menu'}>
      {rows(tree, 0)}
    </ul>
  )
})
