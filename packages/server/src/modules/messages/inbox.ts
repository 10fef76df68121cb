import {
  AUDIENCE,
  type Language,
  type ListPage,
  type TInboxMessage,
  type TInboxMessageDetail,
  type TInboxQuery,
  type TMarkReadInput,
} from '@brokerdesk/shared'
import { and, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { messageReads, messages, messageUser, users } from '../../db/schema/index'
import { notFound } from '../../errors'
import { seededText } from '../../i18n/seeded-texts'

/** Whose inbox: the user, the roles they hold as an administrator, and the language they read. */
export interface Reader {
  userId: number
  roleIds: readonly number[]
  language: Language
}

/** A condition on `messages`: live, and written to everyone, to one of the reader's roles or to the reader. */
export function addressedTo(reader: Reader): SQL {
  return and(
    isNull(messages.deleted_at),
    or(
      eq(messages.audience, AUDIENCE.all),
      reader.roleIds.length > 0
        ? and(eq(messages.audience, AUDIENCE.role), inArray(messages.role_id, [...reader.roleIds]))
        : undefined,
      and(
        eq(messages.audience, AUDIENCE.users),
        exists(
          sql`(select 1 from ${messageUser} where ${messageUser.message_id} = ${messages.id} and ${messageUser.user_id} = ${reader.userId})`,
        ),
      ),
    ),
  ) as SQL
}

const readOf = (reader: Reader) =>
  and(eq(messageReads.message_id, messages.id), eq(messageReads.user_id, reader.userId))

const inboxColumns = {
  id: messages.id,
  title: messages.title,
  created_at: messages.created_at,
  read_at: messageReads.read_at,
  author_id: messages.user_id,
  author_name: sql<string>`coalesce((select coalesce(nullif(${users.name}, ''), ${users.uname}) from ${users} where ${users.id} = ${messages.user_id}), '')`,
}

interface InboxRow {
  id: number
  title: string
  created_at: Date
  read_at: Date | null
  author_id: number
  author_name: string
}

/** A row as the inbox answers it; a seeded author's name (the administrator's) in the reader's language. */
const presentInboxRow = (row: InboxRow, language: Language): TInboxMessage => ({
  id: row.id,
  title: row.title,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at ? row.read_at.toISOString() : null,
  author_name: seededText(language, 'users', row.author_id, 'name', row.author_name),
})

/** How many messages the reader has, and how many of them are unread. */
export async function countInbox(db: Db, reader: Reader): Promise<{ total: number; unread: number }> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${messageReads.read_at} is null))::int`,
    })
    .from(messages)
    .leftJoin(messageReads, readOf(reader))
    .where(addressedTo(reader))
  return counts
}

/** A page of the reader's messages, newest first (the unread ones only with `unread=1`), and the unread count. */
export async function listInbox(
  db: Db,
  reader: Reader,
  query: TInboxQuery,
): Promise<ListPage<TInboxMessage> & { unread: number }> {
  const unreadOnly = query.unread === '1'
  const [rows, counts] = await Promise.all([
    db
      .select(inboxColumns)
      .from(messages)
      .leftJoin(messageReads, readOf(reader))
      .where(and(addressedTo(reader), unreadOnly ? isNull(messageReads.read_at) : undefined))
      .orderBy(desc(messages.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    countInbox(db, reader),
  ])
  const total = unreadOnly ? counts.unread : counts.total
  return {
    data: rows.map((row) => presentInboxRow(row, reader.language)),
    current_page: query.page,
    per_page: query.per_page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total,
    unread: counts.unread,
  }
}

/** One message of the reader's inbox with its content; 404 when it is not theirs (or gone). */
export async function findInboxMessage(db: Db, reader: Reader, id: number): Promise<TInboxMessageDetail> {
  const [row] = await db
    .select({ ...inboxColumns, content: messages.content })
    .from(messages)
    .leftJoin(messageReads, readOf(reader))
    .where(and(addressedTo(reader), eq(messages.id, id)))
  if (!row) throw notFound()
  return { ...presentInboxRow(row, reader.language), content: row.content }
}

/**
 * Marks messages of the reader's inbox read (those given, or all); messages that are not theirs
 * are left alone and a message read before keeps its first reading time. Answers the unread count.
 */
export async function markRead(db: Db, reader: Reader, input: TMarkReadInput): Promise<{ unread: number }> {
  const chosen = 'ids' in input ? inArray(messages.id, input.ids) : undefined
  const unread = await db
    .select({ id: messages.id })
    .from(messages)
    .leftJoin(messageReads, readOf(reader))
    .where(and(addressedTo(reader), chosen, isNull(messageReads.read_at)))
  if (unread.length > 0) {
    await db
      .insert(messageReads)
      .values(unread.map((row) => ({ message_id: row.id, user_id: reader.userId })))
      .onConflictDoNothing()
  }
  return { unread: (await countInbox(db, reader)).unread }
}
