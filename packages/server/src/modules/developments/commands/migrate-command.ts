import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { migrationsFolder } from '../../../db/client'
import type { Command } from './command-types'

interface JournalEntry {
  tag: string
  when: number
}

function readJournal(): JournalEntry[] {
  const file = path.join(migrationsFolder(), 'meta', '_journal.json')
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries
}

/** The newest migration the database has applied (drizzle records each by its journal time). */
async function lastAppliedAt(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { last: string | null }[] }
  return Number(result.rows[0]?.last ?? 0)
}

/** Applies the committed migrations the database lacks, as a start does, and says which. */
export const migrateCommand: Command<'migrate'> = async (_params, { app, print }) => {
  const journal = readJournal()
  const before = await lastAppliedAt(app.db)
  const pending = journal.filter((entry) => entry.when > before)
  await app.database.migrate()
  if (pending.length === 0) {
    print(`Nothing to migrate: all ${journal.length} migrations are applied (latest ${journal.at(-1)?.tag}).`)
    return
  }
  for (const entry of pending) print(`Migrated: ${entry.tag}`)
  print(`${pending.length} migration(s) applied; ${journal.length} in all.`)
}
