import fs from 'node:fs'
import { inject } from 'vitest'
import { type Database, type OpenDatabaseOptions, openDatabase } from '../db/client'
import { randomString } from '../secrets'
import { createServerDatabase, dropServerDatabase } from './server-database'

/** The prepared databases the server project's global set-up made: migrated, and migrated + seeded. */
export interface TestTemplates {
  /** PostgreSQL: names of template databases on TEST_DATABASE_URL's server. */
  postgres?: { bare: string; seeded: string }
  /** PGlite: files holding dumped data folders. */
  pglite?: { bare: string; seeded: string }
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates
  }
}

function templates(): TestTemplates {
  try {
    return inject('testTemplates') ?? {}
  } catch {
    return {}
  }
}

/**
 * A fresh database for one test file, migrated (and seeded with `seeded`): an in-memory PGlite, or —
 * when TEST_DATABASE_URL is set — a new database on that server (with the given time-outs), dropped
 * again on close. Copies of the databases the global set-up prepared once, when it ran; otherwise
 * migrated here.
 */
export async function openTestDatabase(
  options: {
    seeded?: boolean
    /** false: an empty database, not even migrated (a test of the migrations themselves). */
    migrate?: boolean
  } & Pick<OpenDatabaseOptions, 'connectTimeoutMs' | 'statementTimeoutMs'> = {},
): Promise<Database & { seeded: boolean }> {
  const kind = options.seeded ? 'seeded' : 'bare'
  const migrate = options.migrate ?? true
  const prepared: TestTemplates = migrate ? templates() : {}
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const dump = prepared.pglite?.[kind]
    const database = await openDatabase(dump ? { loadDataDir: new Blob([fs.readFileSync(dump)]) } : {})
    if (!dump && migrate) await database.migrate()
    return { ...database, seeded: Boolean(dump) && kind === 'seeded' }
  }
  const name = `brokerdesk_test_${randomString(10).toLowerCase()}`
  const template = prepared.postgres?.[kind]
  const database = await openDatabase({
    url: await createServerDatabase(serverUrl, name, template),
    connectTimeoutMs: options.connectTimeoutMs,
    statementTimeoutMs: options.statementTimeoutMs,
  })
  if (!template && migrate) await database.migrate()
  return {
    ...database,
    seeded: Boolean(template) && kind === 'seeded',
    async close() {
      await database.close()
      await dropServerDatabase(serverUrl, name)
    },
  }
}
