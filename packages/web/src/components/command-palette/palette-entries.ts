import type { MenuItem, SearchAnswer } from '@brokerdesk/shared'
import { isMenuPage, isVisibleMenu } from '../../app/menu-tree'

/** One line of the palette: a page of the menu, a record, or the way to a list of all matches. */
export interface PaletteEntry {
  key: string
  kind: 'page' | 'record' | 'more'
  label: string
  detail: string
  /** The SPA path it opens. */
  path: string
}

/** A titled group of lines; `note`: what the group has to say instead of (or after) its lines. */
export interface PaletteSection {
  key: string
  title: string
  entries: PaletteEntry[]
  note?: 'too_broad'
}

/** The visible pages of the back office the user's menu holds, each with the group it sits in. */
export function menuPages(items: readonly MenuItem[], label: (name: string) => string): PaletteEntry[] {
  const byId = new Map(items.map((item) => [item.id, item]))
  return items
    .filter((item) => item.url.startsWith('/admin/') && isMenuPage(item) && isVisibleMenu(item))
    .filter((item, index, all) => all.findIndex((other) => other.url === item.url) === index)
    .sort((a, b) => a.left_margin - b.left_margin)
    .map((item) => {
      const parent = byId.get(item.parent_id)
      return {
        key: `page:${item.url}`,
        kind: 'page',
        label: label(item.name),
        detail: parent && parent.parent_id !== 0 ? label(parent.name) : '',
        path: item.url,
      }
    })
}

const fold = (text: string) => text.toLocaleLowerCase().normalize('NFKC')

/** Whether every word of the keyword is in the entry's label or detail (any case). */
export function entryMatches(entry: PaletteEntry, keyword: string): boolean {
  const words = fold(keyword).split(/\s+/).filter(Boolean)
  const text = fold(`${entry.label} ${entry.detail}`)
  return words.every((word) => text.includes(word))
}

/** Pages whose name or group holds the keyword, those whose name starts with it first. */
export function matchPages(pages: readonly PaletteEntry[], keyword: string, limit: number): PaletteEntry[] {
  const key = fold(keyword.trim())
  if (!key) return [...pages]
  const found = pages.filter((page) => entryMatches(page, key))
  const starts = found.filter((page) => fold(page.label).startsWith(key))
  return [...starts, ...found.filter((page) => !starts.includes(page))].slice(0, limit)
}

/** The record groups of a search answer, titled by the resource's page in the menu (or its name). */
export function recordSections(
  answer: SearchAnswer | undefined,
  titleOf: (resource: string) => string,
  moreLabel: (title: string) => string,
): PaletteSection[] {
  return (answer?.groups ?? []).map((group) => {
    const title = titleOf(group.resource)
    const entries: PaletteEntry[] = group.hits.map((hit) => ({
      key: `record:${hit.path}`,
      kind: 'record',
      label: hit.label,
      detail: hit.detail,
      path: hit.path,
    }))
    if (group.more)
      entries.push({
        key: `more:${group.resource}`,
        kind: 'more',
        label: moreLabel(title),
        detail: '',
        path: group.list_path,
      })
    return { key: group.resource, title, entries, ...(group.too_broad ? { note: 'too_broad' as const } : {}) }
  })
}

/** The lines in the order the arrow keys walk them. */
export const flatten = (sections: readonly PaletteSection[]) => sections.flatMap((section) => section.entries)
