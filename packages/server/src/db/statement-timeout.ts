import type { Tx } from './db-types'
import { rawTxQuery } from './raw-query'

const SET_STATEMENT_TIMEOUT = `select set_config('statement_timeout', $1, true)`

/**
 * Lets the statements of this transaction run up to `ms` (0: without limit) instead of the pool's
 * time-out for web requests; the setting ends with the transaction (`set local`). A named statement
 * of fixed text: an import sets it for each chunk.
 */
export async function setStatementTimeout(tx: Tx, ms: number): Promise<void> {
  await rawTxQuery(tx, 'set_statement_timeout', SET_STATEMENT_TIMEOUT, [String(ms)])
}
