import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
/**
 * The one database type the code uses, whichever engine is underneath. Without drizzle's relational
 * query API (`db.query.<table>`): nothing uses it, and every transaction would build its builders
 * for each table of the schema.
 */
export type Db = PgDatabase<PgQueryResultHKT>
/** A transaction handle; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
