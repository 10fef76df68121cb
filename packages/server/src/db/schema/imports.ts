import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * The import chunks stored, by the key the SPA gives each chunk, with the answer they got: a chunk
 * sent again (its answer lost to a reload or a cut connection) is answered from here instead of
 * being stored twice. Kept a week (the clear-caches command deletes the older ones).
 */
export const importChunks = pgTable(
  'import_chunks',
  {
    user_id: integer().notNull(),
    key: varchar({ length: 100 }).notNull(),
    /** The chunk's answer when some of its rows failed; null: every row was imported. */
    answer: jsonb(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    index('import_chunks_expires_at_idx').on(t.expires_at),
  ],
)
