import type { SearchAnswer } from '@brokerdesk/shared'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useMenus } from '../../api/queries'
import { menuLabel } from '../../i18n/menu-label'
import {
  entryMatches,
  matchPages,
  menuPages,
  type PaletteEntry,
  type PaletteSection,
  recordSections,
} from './palette-entries'

/** Pages shown for a keyword; with none, every page of the menu is listed. */
const PAGES_SHOWN = 8

/**
 * The palette's sections for what is typed: the entries opened lately, the menu's pages, then the
 * records the server found (an entry shown among the recent ones is not repeated below).
 */
export function usePaletteSections(
  typed: string,
  recent: PaletteEntry[],
  answer: SearchAnswer | undefined,
): PaletteSection[] {
  const { t } = useTranslation()
  const items = useMenus().data
  return useMemo(() => {
    const pages = menuPages(items ?? [], menuLabel)
    const titleOf = (resource: string) => {
      const item = items?.find((one) => one.url === `/admin/${resource}` && one.resource_id === -1)
      return item ? menuLabel(item.name) : resource
    }
    const shownRecent = typed ? recent.filter((entry) => entryMatches(entry, typed)) : recent
    const seen = new Set(shownRecent.map((entry) => entry.path))
    const records = typed
      ? recordSections(answer, titleOf, (name) => t('palette.more', { name })).map((section) => ({
          ...section,
          entries: section.entries.filter((entry) => !seen.has(entry.path)),
        }))
      : []
    const list: PaletteSection[] = [
      { key: 'recent', title: t('palette.recent'), entries: shownRecent },
      {
        key: 'pages',
        title: t('palette.pages'),
        entries: matchPages(
          pages.filter((page) => !seen.has(page.path)),
          typed,
          typed ? PAGES_SHOWN : Number.POSITIVE_INFINITY,
        ),
      },
      ...records,
    ]
    return list.filter((section) => section.entries.length > 0 || section.note)
  }, [items, recent, typed, answer, t])
}
