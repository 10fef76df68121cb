import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema/index'

export type Schema = typeof schema
/** The one database type the code uses, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
