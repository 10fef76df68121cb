import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../client'

/** Moves a table's id sequence past the highest id, after rows were inserted with explicit ids. */
export async function bumpIdSequence(tx: Tx, table: PgTable): Promise<void> {
  const name = getTableName(table)
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.identifier(name)}`,
  )
}
