import { type FieldMeta, type LayoutColumn, layoutColumnsOf, type ResourcePageData } from '@brokerdesk/shared'

/** A list column as the table shows it. */
export interface ListColumn {
  name: string
  /** Pixels: the layout's, else one fitting the field's kind of value. */
  width: number
  /** A key column: first, at every screen width, never cut short. */
  key: boolean
}

/** The width a column gets when no layout sets one: enough for a date, a status or a short name. */
export function defaultWidth(field: FieldMeta | undefined): number {
  if (!field) return 120
  if (field.name === 'id') return 80
  if (field.input === 'image') return 72
  if (field.type === 'datetime') return 170
  if (field.type === 'date') return 116
  if (field.type === 'integer' || field.type === 'number') return field.options ? 104 : 90
  return field.keyColumn ? 180 : 128
}

/**
 * The columns a list may show, each with its saved width and visibility, in order: the user's own
 * settings, else the layout saved in the developer console, else the definition's with the key
 * columns first. A reference shows by its name when the page lists both (`parent_id` beside
 * `parent_name`).
 */
export function listColumnsOf(
  page: Pick<ResourcePageData, 'columns' | 'fields' | 'layout'>,
  own: readonly LayoutColumn[] | null | undefined,
): (LayoutColumn & { key: boolean })[] {
  const fields = new Map(page.fields.map((field) => [field.name, field]))
  const names = page.columns.filter(
    (column) => !(column.endsWith('_id') && page.columns.includes(column.replace(/_id$/, '_name'))),
  )
  const isKey = (name: string) => fields.get(name)?.keyColumn ?? false
  const layout = own && own.length > 0 ? { columns: [...own] } : page.layout
  // The record's name leads the key columns (it stays in view on a phone).
  const keys = names.filter(isKey).sort((a, b) => Number(b === 'name') - Number(a === 'name'))
  const ordered = layout ? names : [...keys, ...names.filter((name) => !isKey(name))]
  return layoutColumnsOf(ordered, layout).map((column) => ({ ...column, key: isKey(column.name) }))
}

/** The shown columns (hidden ones left out) with their widths. */
export function shownColumnsOf(
  page: Pick<ResourcePageData, 'columns' | 'fields' | 'layout'>,
  own: readonly LayoutColumn[] | null | undefined,
): ListColumn[] {
  const fields = new Map(page.fields.map((field) => [field.name, field]))
  return listColumnsOf(page, own)
    .filter((column) => !column.hidden)
    .map(({ name, width, key }) => ({ name, key, width: width ?? defaultWidth(fields.get(name)) }))
}
