import { sql } from 'drizzle-orm'
import type { Tx } from './db-types'

/**
 * Lets the statements of this transaction run up to `ms` (0: without limit) instead of the pool's
 * time-out for web requests; the setting ends with the transaction (`set local`).
 */
export async function setStatementTimeout(tx: Tx, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`)
}
