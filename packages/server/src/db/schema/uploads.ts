import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'

/** Every stored upload: who stored it, where it is served and how large it is (the per-user quota). */
export const uploads = pgTable(
  'uploads',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer().notNull(),
    url: varchar({ length: 255 }).notNull(),
    name: varchar({ length: 255 }).notNull().default(''),
    mime: varchar({ length: 100 }).notNull(),
    /** Bytes. */
    size: integer().notNull(),
    ...timestamps,
  },
  (t) => [index('uploads_user_id_idx').on(t.user_id)],
)
