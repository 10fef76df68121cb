interface DriverError {
  code?: string
  severity?: string
  message?: string
  cause?: unknown
}

/** Socket failures of reaching the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's codes for a connection that failed or was ended: class 08 (connection exception),
 * 57P01-57P03 (administrator or crash shutdown, cannot connect now), 53300 (too many connections).
 */
const SERVER_CODE = /^(08...|57P0[1-3]|53300)$/

/** node-postgres reports a dead or timed-out connection with these messages, without a code. */
const DRIVER_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/

/** Whether this one error (not its causes) says the database cannot be reached. */
function saysUnreachable(error: DriverError): boolean {
  if (error.code && (NETWORK_CODES.has(error.code) || SERVER_CODE.test(error.code))) return true
  // A FATAL error ends the session: the server refused the connection or closed it.
  if (error.severity === 'FATAL' || error.severity === 'PANIC') return true
  return DRIVER_MESSAGE.test(error.message ?? '')
}

/** Whether an error or one of its causes (drizzle wraps the driver's error as `cause`) meets `test`. */
function someInChain(error: unknown, test: (one: DriverError) => boolean): boolean {
  let current = error as DriverError | undefined
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (test(current)) return true
    current = current.cause as DriverError | undefined
  }
  return false
}

/**
 * Whether an error means the database is out of reach (down, restarting, refusing connections, the
 * connection lost or timed out) rather than a fault of the request or the code. Drizzle wraps the
 * driver's error as `cause`; every error of the chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someInChain(error, saysUnreachable)
}

/** Whether the database stopped a statement that ran past the statement time-out (57014). */
export function isStatementTimeout(error: unknown): boolean {
  return someInChain(error, (one) => one.code === '57014')
}

/**
 * Whether a hot standby cancelled the statement for a conflict with recovery ("canceling statement
 * due to conflict with recovery": 40001, or 40P01 for a buffer-pin deadlock); the same read succeeds
 * on the primary. (A read-only transaction on a standby meets these codes for no other reason.)
 */
export function isRecoveryConflict(error: unknown): boolean {
  return someInChain(error, (one) => one.code === '40001' || one.code === '40P01')
}
