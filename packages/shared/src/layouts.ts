import type { FormSection } from './resources/define-resource'

/** Column widths a layout may set, in pixels. */
export const LAYOUT_WIDTH = { min: 40, max: 1000 } as const

export interface LayoutColumn {
  name: string
  width: number | null
  hidden: boolean
}

/** A resource's saved layout, as its page data carries it (`null`: none saved). */
export interface PageLayout {
  columns: LayoutColumn[]
  fields: string[]
  updated_at: string
}

/**
 * Every list column with its saved width and visibility, in the layout's order; columns the layout
 * does not name (added since it was saved) come last, shown. Names it holds that the resource no
 * longer lists are dropped.
 */
export function layoutColumnsOf(
  columns: readonly string[],
  layout: Pick<PageLayout, 'columns'> | null | undefined,
): LayoutColumn[] {
  const known = new Set(columns)
  const saved = (layout?.columns ?? []).filter((column) => known.has(column.name))
  const named = new Set(saved.map((column) => column.name))
  return [
    ...saved,
    ...columns.filter((name) => !named.has(name)).map((name) => ({ name, width: null, hidden: false })),
  ]
}

/** The list columns to show, in the layout's order, with their widths (hidden ones left out). */
export function arrangeColumns(
  columns: readonly string[],
  layout: Pick<PageLayout, 'columns'> | null | undefined,
): { name: string; width: number | null }[] {
  return layoutColumnsOf(columns, layout)
    .filter((column) => !column.hidden)
    .map(({ name, width }) => ({ name, width }))
}

/** The form's fields in the layout's order; fields it does not name keep their order after those it does. */
export function arrangeFields<T extends { name: string }>(
  fields: readonly T[],
  layout: Pick<PageLayout, 'fields'> | null | undefined,
): T[] {
  const order = new Map((layout?.fields ?? []).map((name, index) => [name, index]))
  const placed = fields.filter((field) => order.has(field.name))
  placed.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0))
  return [...placed, ...fields.filter((field) => !order.has(field.name))]
}

/**
 * The form's fields by section: within a section in the section's order, or in the order of the
 * layout saved in the developer console where it names them (arrangeFields). Fields no section
 * names (a plug-in's resource without sections, a field added since) form a last, untitled group;
 * empty sections are left out.
 */
export function groupFieldsBySection<T extends { name: string }>(
  fields: readonly T[],
  sections: readonly FormSection[],
  layout: Pick<PageLayout, 'fields'> | null | undefined,
): { name: string | null; fields: T[] }[] {
  const placed = sections.flatMap((section) => section.fields.map((name) => [name, section.name] as const))
  const position = new Map(placed.map(([name], index) => [name, index]))
  const sectionOf = new Map(placed)
  const bySection = [...fields].sort(
    (a, b) => (position.get(a.name) ?? placed.length) - (position.get(b.name) ?? placed.length),
  )
  const arranged = arrangeFields(bySection, layout)
  const groups = [...sections.map((section) => section.name), null].map((name) => ({
    name,
    fields: arranged.filter((field) => (sectionOf.get(field.name) ?? null) === name),
  }))
  return groups.filter((group) => group.fields.length > 0)
}
