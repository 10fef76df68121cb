import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * Values every server process shares until they expire (the WeChat access token and jsapi ticket):
 * read back only while `expires_at` is ahead.
 */
export const cacheEntries = pgTable('cache_entries', {
  key: varchar({ length: 191 }).primaryKey(),
  value: text().notNull(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
