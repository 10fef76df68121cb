import { FALLBACK_LANGUAGE, type Language } from '@brokerdesk/shared'
import { DEFAULT_CONFIGS } from '../db/seed/config-defaults'
import { buildMenuRows } from '../db/seed/menu-rows'
import { MENU_TREE } from '../db/seed/menu-tree'
import {
  ADMIN_USER_ID,
  ADMIN_USER_TEXTS,
  SUPER_ADMIN_ROLE_ID,
  SUPER_ADMIN_ROLE_TEXTS,
} from '../db/seed/seed-super-admin'
import de from './seeded/de.json'
import en from './seeded/en.json'
import es from './seeded/es.json'
import fa from './seeded/fa.json'
import fr from './seeded/fr.json'
import it from './seeded/it.json'
import ja from './seeded/ja.json'
import ko from './seeded/ko.json'
import pt from './seeded/pt.json'
import ru from './seeded/ru.json'
import zhCN from './seeded/zh-CN.json'
import zhTW from './seeded/zh-TW.json'

/**
 * Texts the seed writes (menu items, the super administrator role and user, the settings' names,
 * descriptions and the values that are prose: the site description, the user agreement and the
 * privacy policy) are
 * stored in English and answered in the caller's language: a stored text still equal to its seeded
 * English source is replaced by its translation in `seeded/<language>.json`; one a user changed is
 * answered as typed. English has a catalogue too (better names than the original catalogue's).
 */
export type SeededKind = 'menus' | 'roles' | 'configs' | 'users'

type Texts = Record<string, string>
interface SeededCatalogue {
  menus?: Record<string, Texts>
  menu_actions?: Record<string, string>
  roles?: Record<string, Texts>
  configs?: Record<string, Texts>
  users?: Record<string, Texts>
  /** The database's comments on tables (`name`) and columns (`table.column`). */
  tables?: Record<string, string>
}

/** Each language's catalogue of the seeded texts. */
export const SEEDED_CATALOGUES: Record<Language, SeededCatalogue> = {
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  de,
  es,
  fr,
  it,
  ja,
  ko,
  fa,
  pt,
  ru,
}

interface MenuAction {
  resourceId: number
  action: string
}

function buildSources() {
  const menus = new Map<string, Texts>()
  const actions = new Map<string, MenuAction>()
  for (const row of buildMenuRows(MENU_TREE)) {
    const name = row.name ?? ''
    menus.set(String(row.id), { name, description: row.description ?? name })
    const resourceId = row.resource_id ?? 0
    if (resourceId > 0) actions.set(String(row.id), { resourceId, action: row.item_name ?? '' })
  }
  const configs = new Map<string, Texts>(
    DEFAULT_CONFIGS.map((config) => [
      config.key ?? '',
      { name: config.name ?? '', description: config.description ?? '', value: config.value ?? '' },
    ]),
  )
  const sources: Record<SeededKind, Map<string, Texts>> = {
    menus,
    configs,
    roles: new Map([[String(SUPER_ADMIN_ROLE_ID), SUPER_ADMIN_ROLE_TEXTS]]),
    users: new Map([[String(ADMIN_USER_ID), ADMIN_USER_TEXTS]]),
  }
  return { sources, actions }
}

const { sources: SOURCES, actions: MENU_ACTIONS } = buildSources()

/** The English text the seed wrote into this field of this row; undefined for rows it did not write. */
export function seededSource(kind: SeededKind, key: string | number, field: string): string | undefined {
  return SOURCES[kind].get(String(key))?.[field]
}

function catalogueText(language: Language, kind: SeededKind, key: string, field: string): string | undefined {
  for (const lang of [language, FALLBACK_LANGUAGE]) {
    const entry = SEEDED_CATALOGUES[lang][kind]?.[key]
    if (entry?.[field]) return entry[field]
    // A menu item's description that repeats its name is translated as its name.
    if (
      field === 'description' &&
      entry?.name &&
      SOURCES[kind].get(key)?.description === SOURCES[kind].get(key)?.name
    )
      return entry.name
  }
  return undefined
}

/** A seeded text in a language, the stored source itself when no catalogue has it. */
function translatedSource(language: Language, kind: SeededKind, key: string, field: string): string {
  const source = SOURCES[kind].get(key)?.[field] ?? ''
  const action = kind === 'menus' ? MENU_ACTIONS.get(key) : undefined
  if (action) {
    // A resource's action item reads as its resource and action: "Bank management · Create".
    const resource = translatedSource(language, 'menus', String(action.resourceId), 'name')
    const verb =
      SEEDED_CATALOGUES[language].menu_actions?.[action.action] ??
      SEEDED_CATALOGUES.en.menu_actions?.[action.action]
    return verb ? `${resource} · ${verb}` : source
  }
  return catalogueText(language, kind, key, field) ?? source
}

/** The text to answer for a stored field: its translation while it is the seeded text, else as stored. */
export function seededText(
  language: Language,
  kind: SeededKind,
  key: string | number,
  field: string,
  stored: string,
): string {
  const id = String(key)
  if (stored === '' || SOURCES[kind].get(id)?.[field] !== stored) return stored
  return translatedSource(language, kind, id, field)
}

/**
 * The text to store for a field a user sent: the seeded source when the stored text is seeded and
 * the user sent it back as answered (its translation), so the field keeps following the language.
 */
export function textToStore(
  language: Language,
  kind: SeededKind,
  key: string | number,
  field: string,
  incoming: unknown,
  stored: unknown,
): unknown {
  if (typeof incoming !== 'string' || typeof stored !== 'string') return incoming
  return incoming !== stored && seededText(language, kind, key, field, stored) === incoming
    ? stored
    : incoming
}

/**
 * The seeded sources of a field whose answered text in this language contains `needle`
 * (case-insensitively): a search by name then finds a seeded row by the text the user sees.
 */
export function seededSourcesMatching(
  language: Language,
  kind: SeededKind,
  field: string,
  needle: string,
): string[] {
  const folded = needle.toLocaleLowerCase()
  const found = new Set<string>()
  for (const [key, texts] of SOURCES[kind]) {
    const source = texts[field]
    if (source && translatedSource(language, kind, key, field).toLocaleLowerCase().includes(folded))
      found.add(source)
  }
  return [...found]
}

/** Where a row holds seeded texts: the kind, the row's field with the key, and answered field → source field. */
export interface SeededFields {
  kind: SeededKind
  key: string
  fields: Record<string, string>
}

/** A row with its seeded texts answered in the language. */
export function localizeRow<T extends Record<string, unknown>>(
  language: Language,
  rules: readonly SeededFields[],
  row: T,
): T {
  let result = row
  for (const rule of rules) {
    const key = row[rule.key]
    if (typeof key !== 'string' && typeof key !== 'number') continue
    for (const [field, source] of Object.entries(rule.fields)) {
      const value = row[field]
      if (typeof value !== 'string') continue
      const text = seededText(language, rule.kind, key, source, value)
      if (text !== value) result = { ...result, [field]: text }
    }
  }
  return result
}

interface LabelledOption {
  value: string | number
  label: string
  children?: LabelledOption[]
}

/** Select or tree-select options of seeded rows (`value` the key, `label` the stored text) in the language. */
export function localizeOptions<T extends LabelledOption>(
  language: Language,
  kind: SeededKind,
  options: T[],
): T[] {
  return options.map((option) => ({
    ...option,
    label: seededText(language, kind, option.value, 'name', option.label),
    ...(option.children ? { children: localizeOptions(language, kind, option.children) } : {}),
  }))
}

/**
 * A database comment (a table's, keyed by its name; a column's, by `table.column`) in the language
 * while it is the one the migrations wrote (the English catalogue's); one changed since, as stored.
 */
export function seededComment(language: Language, key: string, stored: string): string {
  if (!stored || SEEDED_CATALOGUES.en.tables?.[key] !== stored) return stored
  return SEEDED_CATALOGUES[language].tables?.[key] ?? stored
}
