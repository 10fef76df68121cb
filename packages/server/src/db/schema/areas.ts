import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core'
import { nestedSet, sortIndexes, timestamps } from './columns'

/** Administrative regions; id is the official zone code, supplied by the data. */
export const areas = pgTable(
  'areas',
  {
    id: integer().primaryKey(),
    name: varchar({ length: 255 }).notNull().default(''),
    ...nestedSet,
    ...timestamps,
  },
  (t) => [
    index('areas_parent_id_idx').on(t.parent_id),
    index('areas_left_margin_idx').on(t.left_margin),
    ...sortIndexes('areas', t.id, [t.level, t.created_at, t.updated_at]),
  ],
)
