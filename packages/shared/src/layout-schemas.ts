import { z } from 'zod'
import { LAYOUT_WIDTH } from './layouts'
import { message } from './resources/field-rules'

// The schemas of the layouts (layouts.ts), apart from the layouts' values and functions, which a list
// page uses without loading zod.

const ZFieldName = z.string(message('string')).regex(/^[a-z][a-z0-9_]{0,63}$/, message('alpha_dash'))

export const ZLayoutColumnSchema = z.object({
  name: ZFieldName,
  /** null: the table decides. */
  width: z
    .number(message('integer'))
    .int(message('integer'))
    .min(LAYOUT_WIDTH.min, message('min_value', { min: LAYOUT_WIDTH.min }))
    .max(LAYOUT_WIDTH.max, message('max_value', { max: LAYOUT_WIDTH.max }))
    .nullable()
    .default(null),
  hidden: z.boolean(message('boolean')).default(false),
})

/**
 * `POST /admin/developments/layout`: the list columns (order, width, visibility) and the form field
 * order of a resource, the default for everyone who opens its pages.
 */
export const ZPageLayoutSchema = z.object({
  resource: z.string(message('required')).regex(/^[a-z][a-z0-9-]{0,63}$/, message('alpha_dash')),
  columns: z.array(ZLayoutColumnSchema, message('array')).max(200, message('array')),
  fields: z.array(ZFieldName, message('array')).max(200, message('array')),
})
export type TPageLayoutInput = z.input<typeof ZPageLayoutSchema>
