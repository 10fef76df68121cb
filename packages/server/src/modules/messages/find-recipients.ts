import { RECIPIENTS_LIMIT, type TAdminAccount, type TRecipientsQuery } from '@brokerdesk/shared'
import { and, asc, inArray, isNull, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import {
  accountColumns,
  byIdFromPrefixIndexes,
  keywordCondition,
  presentAccount,
} from '../admins/find-admin-accounts'

/**
 * The accounts a message can be sent to: the first RECIPIENTS_LIMIT live accounts whose names start
 * with the keyword (served by the prefix indexes, as the admins' account search), then the chosen
 * `ids` the search did not list, so a form can label every chosen recipient. Only accounts of the
 * writer's scope (`scope`: reach and data scope) are found.
 */
export async function findRecipients(
  db: Db,
  query: TRecipientsQuery,
  scope: SQL | undefined,
): Promise<TAdminAccount[]> {
  const found = await db
    .select(accountColumns)
    .from(users)
    .where(and(isNull(users.deleted_at), keywordCondition(query.keyword), scope))
    .orderBy(query.keyword === '' ? asc(users.id) : byIdFromPrefixIndexes)
    .limit(RECIPIENTS_LIMIT)
  const missing = query.ids.filter((id) => !found.some((row) => row.id === id))
  const chosen =
    missing.length > 0
      ? await db
          .select(accountColumns)
          .from(users)
          .where(and(isNull(users.deleted_at), inArray(users.id, missing), scope))
      : []
  return [...found, ...chosen].map(presentAccount)
}
