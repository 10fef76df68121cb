import { bigint, boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core'
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
    /** Where the bytes are: local (under DATA_DIR/uploads), s3 or qiniu; switching the setting leaves old files where they are. */
    provider: varchar({ length: 20 }).notNull().default('local'),
    /** The file's key in its store (a path under the upload folder, an object key). */
    key: varchar({ length: 255 }).notNull().default(''),
    /** Served only to logged-in users (documents); pictures are public. */
    private: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('uploads_user_id_idx').on(t.user_id), index('uploads_url_idx').on(t.url)],
)
