import type { PaletteEntry } from './palette-entries'

/** How many pages and records opened from the palette it remembers for each user. */
export const RECENT_KEPT = 6

/** One list per user of this browser: another person logging in here sees none of them. */
const keyOf = (userId: number) => `bd.palette-recent.${userId}`

const isEntry = (value: unknown): value is PaletteEntry => {
  const entry = value as PaletteEntry | null
  return (
    typeof entry?.key === 'string' &&
    (entry.kind === 'page' || entry.kind === 'record') &&
    typeof entry.label === 'string' &&
    typeof entry.detail === 'string' &&
    typeof entry.path === 'string' &&
    entry.path.startsWith('/admin/')
  )
}

/** The user's recent entries, newest first (none when the browser keeps nothing or holds junk). */
export function readRecent(userId: number): PaletteEntry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]')
    return Array.isArray(value) ? value.filter(isEntry).slice(0, RECENT_KEPT) : []
  } catch {
    return []
  }
}

/** Puts an opened page or record first (once); a "show all" line is not remembered. */
export function rememberRecent(userId: number, entry: PaletteEntry): PaletteEntry[] {
  if (entry.kind === 'more') return readRecent(userId)
  const kept = {
    key: entry.key,
    kind: entry.kind,
    label: entry.label,
    detail: entry.detail,
    path: entry.path,
  }
  const next = [kept, ...readRecent(userId).filter((old) => old.path !== entry.path)].slice(0, RECENT_KEPT)
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next))
  } catch {
    // Storage full or refused (private mode): the palette still opens the entry.
  }
  return next
}
