import { getTableName, lt, or, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  apiNonces,
  appTokens,
  captchas,
  importChunks,
  loginAttempts,
  oauthBindings,
  oauthStates,
  sessions,
  verificationCodes,
} from '../../../db/schema/index'
import type { Command } from './command-types'

/**
 * The server keeps no state in process memory (DESIGN): its caches are the short-lived rows in the
 * database. This deletes those nothing reads any more: expired captchas, codes and third-party
 * sign-ins, the nonces of encrypted requests past their window, expired app tokens, the keys of import chunks past their week, failed logins older than a day (the limits count 10 minutes), and sessions that ended
 * or expired more than a day ago (a day keeps the "logged in elsewhere" answer of a recent one).
 */
export const clearCachesCommand: Command<'clear-caches'> = async (_params, { app, print }) => {
  const dayAgo = sql`now() - interval '1 day'`
  const targets: [PgTable, ReturnType<typeof lt>][] = [
    [captchas, lt(captchas.expires_at, sql`now()`)],
    [verificationCodes, lt(verificationCodes.expires_at, sql`now()`)],
    [oauthStates, lt(oauthStates.expires_at, sql`now()`)],
    [oauthBindings, lt(oauthBindings.expires_at, sql`now()`)],
    [loginAttempts, lt(loginAttempts.created_at, dayAgo)],
    [apiNonces, lt(apiNonces.expires_at, sql`now()`)],
    [appTokens, lt(appTokens.expires_at, sql`now()`)],
    [importChunks, lt(importChunks.expires_at, sql`now()`)],
    [sessions, or(lt(sessions.expires_at, dayAgo), lt(sessions.ended_at, dayAgo)) as ReturnType<typeof lt>],
  ]
  await app.db.transaction(async (tx) => {
    for (const [table, condition] of targets) {
      const deleted = await tx.delete(table).where(condition).returning({ one: sql<number>`1` })
      print(`${getTableName(table)}: ${deleted.length} deleted`)
    }
  })
}
