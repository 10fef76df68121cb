import type { Tx } from './db-types'
import { rawTxQuery } from './raw-query'

/**
 * The expression setting the statement time-out of the transaction to the milliseconds given as
 * text by `parameter` (e.g. `$1`), for a statement that does it along with its own work.
 */
export const statementTimeoutSetting = (parameter: string) =>
  `set_config('statement_timeout', ${parameter}, true)`

const SET_STATEMENT_TIMEOUT = `select ${statementTimeoutSetting('$1')}`

/**
 * Lets the statements of this transaction run up to `ms` (0: without limit) instead of the pool's
 * time-out for web requests; the setting ends with the transaction (`set local`). A named statement
 * of fixed text: an import sets it for each chunk.
 */
export async function setStatementTimeout(tx: Tx, ms: number): Promise<void> {
  await rawTxQuery(tx, 'set_statement_timeout', SET_STATEMENT_TIMEOUT, [String(ms)])
}
