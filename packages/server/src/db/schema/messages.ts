import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { serialId, sortIndexes, textSearchIndexes, timestamps } from './columns'
import { users } from './identity'

/**
 * Messages administrators write. audience: 1-all users, 2-the holders of role_id, 3-the users of
 * message_user. content is sanitized HTML; user_id is the author.
 */
export const messages = pgTable(
  'messages',
  {
    id: serialId(),
    title: varchar({ length: 255 }).notNull().default(''),
    content: text().notNull().default(''),
    audience: smallint().notNull().default(1),
    role_id: integer().notNull().default(0),
    user_id: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('messages_audience_role_id_idx').on(t.audience, t.role_id).where(sql`deleted_at is null`),
    ...sortIndexes('messages', t.id, [t.created_at, t.updated_at]),
  ],
)

/** The chosen recipients of a message of audience 3. */
export const messageUser = pgTable(
  'message_user',
  {
    message_id: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (t) => [
    primaryKey({ columns: [t.message_id, t.user_id] }),
    index('message_user_user_id_idx').on(t.user_id),
  ],
)

/** Who read which message, and when: a message without a row here is unread for that user. */
export const messageReads = pgTable(
  'message_reads',
  {
    message_id: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.message_id, t.user_id] }),
    index('message_reads_user_id_idx').on(t.user_id),
  ],
)

/**
 * What visitors leave through the contact form of the open site. status: 0-new, 1-answered;
 * `reply` is the answer an administrator sent by e-mail (replied_by: their user id), written in the
 * visitor's `language`.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serialId(),
    name: varchar({ length: 50 }).notNull().default(''),
    contact: varchar({ length: 100 }).notNull().default(''),
    content: text().notNull().default(''),
    ip: varchar({ length: 100 }).notNull().default(''),
    language: varchar({ length: 10 }).notNull().default(''),
    status: smallint().notNull().default(0),
    reply: text(),
    replied_at: timestamp({ withTimezone: true }),
    replied_by: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('contact_messages_ip_created_at_idx').on(t.ip, t.created_at),
    index('contact_messages_status_idx').on(t.status).where(sql`deleted_at is null`),
    ...sortIndexes('contact_messages', t.id, [t.created_at, t.updated_at]),
    // The keyword box (the visitor's name, contact and words) and the IP filter.
    ...textSearchIndexes('contact_messages', [t.name, t.contact, t.content, t.ip]),
  ],
)
