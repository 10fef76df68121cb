import { TransactionRollbackError } from 'drizzle-orm'
import type { Tx } from '../db/client'
import {
  type LogEntry,
  type RecordLogEntry,
  writeOperationLog,
  writeOperationLogEntries,
} from '../operation-log/write-operation-log'
import type { ResourceContext } from './types'

/**
 * What the work of a write adds to its log entry: changed fields, the record, the webhook event; or,
 * for a write that changed many records (a bulk edit), one entry per record (`entries`), each as a
 * single update of it would be logged, instead of the request's one entry.
 */
export type LogDetails = Pick<LogEntry, 'changes' | 'record' | 'event'> & { entries?: RecordLogEntry[] }

/** The log entry of an engine's write: who, from where, through which route (or the one it is held as). */
export function logEntryOf(ctx: ResourceContext, parameters: unknown, details: LogDetails = {}): LogEntry {
  return {
    menu: { url: ctx.menuUrl, method: ctx.method },
    userId: ctx.userId,
    appId: ctx.appId,
    ip: ctx.ip,
    url: ctx.url,
    method: ctx.method,
    parameters,
    ...details,
  }
}

/**
 * The one way the engine writes: the work and its operation log in one transaction, so a change
 * is never stored without its log entry, and a failed change leaves neither. `parameters` may be a
 * function, called after the work, when what the log keeps depends on the rows the work found.
 */
export async function runWrite<T>(
  ctx: ResourceContext,
  parameters: unknown,
  work: (tx: Tx, log: LogDetails) => Promise<T>,
): Promise<T> {
  const { result, outcome } = await ctx.db.transaction(async (tx) => {
    const log: LogDetails = {}
    const result = await work(tx, log)
    if (log.entries && log.entries.length > 0)
      return { result, outcome: await writeOperationLogEntries(tx, logEntryOf(ctx, null), log.entries) }
    const logged = typeof parameters === 'function' ? parameters() : parameters
    return { result, outcome: await writeOperationLog(tx, logEntryOf(ctx, logged, log)) }
  })
  ctx.onLogged?.(outcome)
  return result
}

/**
 * runWrite for work that may find part way that it must store nothing (its write was done before,
 * or the database refused a statement and the transaction is lost): when `keep` refuses the work's
 * result, the transaction is rolled back, no log entry is written, and the result is answered all
 * the same. (A transaction is rolled back by throwing out of it: this is where that throw ends.)
 */
export async function runWriteOrRollBack<T>(
  ctx: ResourceContext,
  parameters: unknown,
  work: (tx: Tx, log: LogDetails) => Promise<T>,
  keep: (result: T) => boolean,
): Promise<T> {
  let rolledBack: { result: T } | undefined
  try {
    return await runWrite(ctx, parameters, async (tx, log) => {
      const result = await work(tx, log)
      if (keep(result)) return result
      rolledBack = { result }
      return tx.rollback()
    })
  } catch (error) {
    if (rolledBack && error instanceof TransactionRollbackError) return rolledBack.result
    throw error
  }
}
