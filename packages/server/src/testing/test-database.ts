import fs from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, type OpenDatabaseOptions, openDatabase } from '../db/client'
import { randomString } from '../secrets'

/** PostgreSQL's "database is being accessed by other users". */
const OBJECT_IN_USE = '55006'

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

/** Runs a statement that may meet "being accessed by other users" while another connection closes. */
async function retryInUse(client: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(statement)
      return
    } catch (error) {
      const inUse = (error as { code?: string }).code === OBJECT_IN_USE
      if (!inUse || attempt === 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** A new, empty database on the server; with a template, a copy of it. Answers its URL. */
export async function createServerDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<string> {
  await onServer(serverUrl, (client) =>
    retryInUse(client, `create database ${name}${template ? ` template ${template}` : ''}`),
  )
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops a database once the connections to it have closed. */
export async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  // Not `with (force)`: killing a connection the pool is still closing makes its client emit an
  // unhandled error. The pool's last sockets close within moments; wait for them instead.
  await onServer(serverUrl, (client) => retryInUse(client, `drop database if exists ${name}`))
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
