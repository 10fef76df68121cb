import type { ResourcePageData } from '@brokerdesk/shared'

/**
 * The page data (fields, columns, filters, options) of the resource lists this tab opened, kept in
 * sessionStorage: after a reload a list shows its frame and rows at once from the kept copy while
 * the server's answer is asked for again (and replaces it). Only the copy of the same user in the
 * same language is used; at most MAX_PAGES resources are kept, the tab's closing or a logout drops them.
 */
const KEY = 'bd.page-data'
const MAX_PAGES = 30

interface Kept {
  owner: string
  pages: Record<string, ResourcePageData>
}

function read(): Kept | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null')
    if (!value || typeof value !== 'object') return undefined
    const { owner, pages } = value as Partial<Kept>
    return typeof owner === 'string' && pages && typeof pages === 'object' ? { owner, pages } : undefined
  } catch {
    return undefined
  }
}

/** The kept page data of a resource, when `owner` (user and language) kept it. */
export function keptPageData(owner: string, name: string): ResourcePageData | undefined {
  const kept = read()
  return kept?.owner === owner ? kept.pages[name] : undefined
}

/** Keeps a resource's page data for `owner`, dropping another owner's copies and the oldest ones. */
export function keepPageData(owner: string, name: string, data: ResourcePageData): void {
  const kept = read()
  const pages = kept?.owner === owner ? { ...kept.pages } : {}
  delete pages[name]
  pages[name] = data
  const names = Object.keys(pages)
  for (const old of names.slice(0, Math.max(0, names.length - MAX_PAGES))) delete pages[old]
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ owner, pages }))
  } catch {
    // storage full or refused: the next reload only waits for the server
  }
}

/** Drops every kept page data (logging out). */
export function forgetPageData(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing kept
  }
}
