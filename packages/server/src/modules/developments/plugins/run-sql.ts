import { sql } from 'drizzle-orm'
import type { Tx } from '../../../db/client'

/** drizzle's separator of the statements of one migration file, which plug-ins use as well. */
const BREAKPOINT = '--> statement-breakpoint'

/** Runs a migration's statements one by one (the embedded database takes one statement a query). */
export async function runMigrationSql(tx: Tx, text: string): Promise<void> {
  for (const statement of text.split(BREAKPOINT)) {
    const code = statement.replace(/^\s*--.*$/gm, '').trim()
    if (code) await tx.execute(sql.raw(statement))
  }
}
