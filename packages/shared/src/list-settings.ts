import { z } from 'zod'
import { ZLayoutColumnSchema } from './layout-schemas'
import { LIST_DENSITIES, LIST_SETTINGS_LIMITS } from './list-settings-limits'
import { message } from './resources/field-rules'

/** A saved filter ("view"): a name and the list's address query it opens (`?status=1&sort=-id`). */
export const ZListViewSchema = z.object({
  name: z
    .string(message('string'))
    .trim()
    .min(1, message('required'))
    .max(LIST_SETTINGS_LIMITS.viewName, message('max', { length: LIST_SETTINGS_LIMITS.viewName })),
  search: z
    .string(message('string'))
    .max(LIST_SETTINGS_LIMITS.viewSearch, message('max', { length: LIST_SETTINGS_LIMITS.viewSearch }))
    .regex(/^(\?[^#\s]*)?$/, message('regex')),
})
export type ListView = z.infer<typeof ZListViewSchema>

/**
 * `PUT /home/list-settings/<resource>`: one user's settings of one list: the columns (order, width,
 * visibility; null: the layout of the developer console, else the definition's), the row density and
 * the saved views.
 */
export const ZListSettingsSchema = z.object({
  columns: z
    .array(ZLayoutColumnSchema, message('array'))
    .max(LIST_SETTINGS_LIMITS.columns, message('array'))
    .nullable()
    .default(null),
  density: z.enum(LIST_DENSITIES, message('in')).default('middle'),
  views: z
    .array(ZListViewSchema, message('array'))
    .max(LIST_SETTINGS_LIMITS.views, message('array_length', { min: 0, max: LIST_SETTINGS_LIMITS.views }))
    .default([]),
})
export type TListSettingsInput = z.input<typeof ZListSettingsSchema>
export type ListSettings = z.infer<typeof ZListSettingsSchema>
