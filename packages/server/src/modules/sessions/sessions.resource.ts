import { sessionResource } from '@brokerdesk/shared'
import { and, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { sessions, users } from '../../db/schema/index'
import { locateIp } from '../../ip-location/locate-ip'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding, ResourceContext, Row } from '../../resource/types'
import { usersBinding } from '../users/users.resource'
import { describeBrowser } from './describe-browser'

/** Sessions not ended and not expired. */
export const liveSessions = (): SQL =>
  and(isNull(sessions.ended_at), gt(sessions.expires_at, sql`now()`)) as SQL

/**
 * The sessions of the accounts the caller reaches: the accounts binding's scope, so whatever limits
 * the accounts an administrator sees (role reach, and any data scope added to it) limits their
 * sessions in the same place.
 */
async function sessionsInScope(ctx: ResourceContext): Promise<SQL> {
  const accounts = await usersBinding.scope?.(ctx)
  const inReach = accounts
    ? sql`exists (select 1 from ${users} where ${users.id} = ${sessions.user_id} and ${accounts})`
    : undefined
  return and(liveSessions(), inReach) as SQL
}

/** The place of a session from before places were stored, and the browser, for a page of rows. */
function describeSessions(rows: Row[]): Row[] {
  return rows.map((row) => ({
    ...row,
    location: row.location || locateIp(String(row.ip ?? '')),
    browser: describeBrowser(String(row.user_agent ?? '')),
  }))
}

/**
 * Online sessions (/admin/sessions): the live sessions of the accounts in the caller's reach, with
 * the account's name. Deleting one ends it (`ended_by_admin`): its next request answers 401 with
 * `force_logout` and "You have been logged out by an administrator"; the engine logs the delete.
 */
export const sessionsBinding: ResourceBinding = {
  definition: sessionResource,
  table: sessions,
  scope: sessionsInScope,
  pageColumns: (page) => ({
    user_name:
      sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${page.user_id}), '')`.as(
        'user_name',
      ),
  }),
  seeded: [{ kind: 'users', key: 'user_id', fields: { user_name: 'name' } }],
  enrich: async (_db, rows) => describeSessions(rows),
  removeRows: async (rows, { tx }) => {
    await tx
      .update(sessions)
      .set({ ended_at: new Date(), end_reason: 'ended_by_admin' })
      .where(
        and(
          inArray(
            sessions.id,
            rows.map((row) => row.id as number),
          ),
          isNull(sessions.ended_at),
        ),
      )
  },
}

export const sessionsModule = resourcePlugin(sessionsBinding)
