import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'
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
    /** Served only to its owner and to administrators of `resource` (documents); pictures are public. */
    private: boolean().notNull().default(false),
    /**
     * The resource the file was uploaded for (`products`), declared by an administrator holding a
     * write of it; administrators whose roles hold that resource's list read a private file too.
     * Empty: the owner's own file.
     */
    resource: varchar({ length: 50 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('uploads_user_id_idx').on(t.user_id),
    index('uploads_url_idx').on(t.url),
    // The file manager's sorts.
    index('uploads_size_id_idx').on(t.size, t.id).where(sql`deleted_at is null`),
    index('uploads_created_at_id_idx').on(t.created_at, t.id).where(sql`deleted_at is null`),
  ],
)

/**
 * Resumable uploads begun and not finished, counted against their owner's quota at their declared
 * length from their creation (`id`: the tus upload id). Gone when finished, refused, ended, or expired.
 */
export const openUploads = pgTable(
  'open_uploads',
  {
    id: varchar({ length: 64 }).primaryKey(),
    user_id: integer().notNull(),
    /** The declared length, in bytes. */
    size: bigint({ mode: 'number' }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('open_uploads_user_id_idx').on(t.user_id)],
)
