import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrationsFolder } from '../db/client'

/** A folder with the committed migrations up to (not including) `tag`, as an installation of that time had them. */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-migrations-'))
  fs.cpSync(migrationsFolder(), folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'))
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag)
  if (index <= 0) throw new Error(`No migration ${tag}`)
  journal.entries = journal.entries.slice(0, index)
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}
