import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema/index'

export type Schema = typeof schema
/** The one database type the code uses, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the migrations not applied yet (from `folder`, default the committed ones). */
  migrate(folder?: string): Promise<void>
  close(): Promise<void>
}

/** Where the committed migrations are: beside this file in the source tree, beside the bundle once built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')))
  if (!found) throw new Error(`No migrations found near ${here}`)
  return found
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a server; when absent the embedded PGlite is used. */
  url?: string
  /** Folder of the PGlite data; absent means in memory. */
  dataDir?: string
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      migrate: (folder) => migratePg(db as never, { migrationsFolder: folder ?? migrationsFolder() }),
      close: () => pool.end(),
    }
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true })
  const client = new PGlite(options.dataDir)
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder ?? migrationsFolder() }),
    close: () => client.close(),
  }
}
