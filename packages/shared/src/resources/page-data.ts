import type { PageLayout } from '../layouts'
import type { FieldMeta, FilterMeta, FormSection, OptionItem, ResourceAction } from './define-resource'

/** An option of a tree select: nested choices under `children`. */
export interface TreeOptionItem extends OptionItem {
  children?: TreeOptionItem[]
}

/**
 * `GET /admin/<name>`: what the list and form pages of a resource need, for the current user.
 * `options` holds every option set by field name: the static ones of the definition and those
 * read from other resources (`{value: id, label: name}`, nested for tree selects).
 */
export interface ResourcePageData {
  resource: string
  url: string
  /** The actions this user may perform (the server decides each request the same way). */
  actions: ResourceAction[]
  fields: FieldMeta[]
  columns: string[]
  filters: FilterMeta[]
  sorts: string[]
  default_sort: string
  per_page: number
  per_page_options: number[]
  /**
   * The sorts a page by position (`after` / `before`) can follow: every key in one direction by these
   * fields (never empty). Other sorts reach deep pages only from the end (`last=1&skip=`).
   */
  position_sorts?: string[]
  tree: boolean
  max_level: number | null
  /** The values of a new record. */
  defaults: Record<string, unknown>
  options: Record<string, readonly OptionItem[] | TreeOptionItem[]>
  /** The form's sections (empty: one untitled group). */
  sections: FormSection[]
  /** The columns and field order saved in the developer console; null: the definition's own. */
  layout: PageLayout | null
}
