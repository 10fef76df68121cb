import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Db } from './db-types'
import { type ReadReplica, watchReplica } from './replica'
import { sendUnnamedStatements } from './statement-names'

// The database's types live in db-types.ts (which the replica's module can import without this one).
export type { Db, Tx } from './db-types'

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL: the URL it was opened with (a test opens a second pool on the same database). */
  url?: string
  /** Applies the migrations not applied yet (from `folder`, default the committed ones). */
  migrate(folder?: string): Promise<void>
  close(): Promise<void>
  /**
   * Who hears of a pooled connection the server closed (restart, failover, idle timeout, a terminated
   * backend). The pool drops it and opens a new one for the next query; the process carries on.
   */
  onConnectionLost(listener: (error: Error) => void): void
  /**
   * Hears PostgreSQL notifications on `channel` (a plain lower-case identifier). `handler` gets the
   * payload, or null after the listening connection was lost and made again (something may have been
   * missed). Answers the function that stops listening.
   */
  listen(channel: string, handler: (payload: string | null) => void): Promise<() => Promise<void>>
  /**
   * PostgreSQL with DATABASE_REPLICA_URL: the streaming replica reads may use (`replica.readerFor()`),
   * its lag, and each caller's last write (read-your-writes).
   */
  replica?: ReadReplica
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
  /** A PGlite data folder dumped with `dumpDataDir` to start from (tests clone a prepared database). */
  loadDataDir?: Blob
  /** PostgreSQL: how long to wait for a connection, new or pooled (ms; absent or 0 waits without limit). */
  connectTimeoutMs?: number
  /** PostgreSQL: the longest a statement may run (ms; absent or 0 without limit). */
  statementTimeoutMs?: number
  /** PostgreSQL: the most connections the pool opens (default 10). */
  poolMax?: number
  /**
   * PostgreSQL: a direct connection (not through a transaction pooler such as PgBouncer) for the
   * migrations and the one connection that LISTENs; default `url`.
   */
  directUrl?: string
  /**
   * PostgreSQL: prepare the hottest statements once per connection under a name (default true).
   * Off behind a transaction pooler that does not keep them (PgBouncer before 1.21).
   */
  namedStatements?: boolean
  /** PostgreSQL: a streaming replica for reads that may lag (a second pool of `poolMax`). */
  replicaUrl?: string
  /** How far (ms) the replica may be behind before reads go to the primary (default 5000). */
  replicaMaxLagMs?: number
}

/**
 * A pool of PostgreSQL connections that survives losing them: every client gets an error listener
 * for its whole life (pg emits `error` on a client whose connection dies, checked out or idle, and
 * an `error` nobody listens to ends the process), and the pool's own idle-client `error` is heard too.
 * Pooled connections keep no session state (no LISTEN), so the pool may go through PgBouncer's
 * transaction mode.
 */
function openPool(options: OpenDatabaseOptions & { url: string }) {
  let reportLost = (error: Error) => {
    process.stderr.write(`database connection lost: ${error.message}\n`)
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs || undefined,
    statement_timeout: options.statementTimeoutMs || undefined,
  })
  pool.on('connect', (client) => {
    let reported = false
    client.on('error', (error) => {
      if (!reported) reportLost(error)
      reported = true
    })
  })
  // Already reported by the client's own listener above; the pool has dropped the client.
  pool.on('error', () => undefined)
  return {
    pool,
    onConnectionLost(listener: (error: Error) => void) {
      reportLost = listener
    },
  }
}

type Notified = (payload: string | null) => void
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/

/**
 * One connection of its own that LISTENs for the whole process (a pooled one would be handed back),
 * made again a second after it is lost, with every channel listened to again.
 */
function openListener(url: string) {
  const handlers = new Map<string, Set<Notified>>()
  let client: Promise<pg.Client> | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const connect = (again: boolean): Promise<pg.Client> => {
    const made = new pg.Client({ connectionString: url })
    const ready = (async () => {
      made.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
      })
      made.on('error', () => {
        client = undefined
        made.end().catch(() => undefined)
        if (!closed) retry = setTimeout(() => void reconnect(), 1000)
      })
      await made.connect()
      for (const channel of handlers.keys()) await made.query(`listen ${channel}`)
      if (again) for (const set of handlers.values()) for (const handler of set) handler(null)
      return made
    })()
    ready.catch(() => {
      client = undefined
      made.end().catch(() => undefined)
      if (!closed && again) retry = setTimeout(() => void reconnect(), 1000)
    })
    return ready
  }
  const reconnect = () => {
    if (closed || client) return
    client = connect(true)
  }

  return {
    async listen(channel: string, handler: Notified) {
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`)
      const set = handlers.get(channel) ?? new Set<Notified>()
      const first = set.size === 0
      set.add(handler)
      handlers.set(channel, set)
      if (!client) client = connect(false)
      else if (first) await (await client).query(`listen ${channel}`)
      await client
      return async () => {
        set.delete(handler)
        if (set.size > 0 || !client) return
        handlers.delete(channel)
        await (await client).query(`unlisten ${channel}`).catch(() => undefined)
      }
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const open = client
      client = undefined
      if (open) await (await open.catch(() => undefined))?.end().catch(() => undefined)
    },
  }
}

/** Migrations run on a connection of their own, without the statement time-out of web requests. */
async function migratePostgres(url: string, folder = migrationsFolder()): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder: folder })
  } finally {
    await pool.end()
  }
}

/** A second pool on the replica, watched against the primary. */
function openReplica(primary: Db, options: OpenDatabaseOptions & { url: string }) {
  const { pool, onConnectionLost } = openPool(options)
  // The watcher reports a replica that cannot be reached; a lost pooled connection is only dropped.
  onConnectionLost(() => undefined)
  if (options.namedStatements === false) sendUnnamedStatements(pool)
  const watched = watchReplica({
    primary,
    replica: drizzlePg(pool) as unknown as Db,
    maxLagMs: options.replicaMaxLagMs ?? 5000,
  })
  return {
    replica: watched,
    async close() {
      watched.stop()
      await pool.end()
    },
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const { pool, onConnectionLost } = openPool({ ...options, url: options.url })
    if (options.namedStatements === false) sendUnnamedStatements(pool)
    const db = drizzlePg(pool) as unknown as Db
    const url = options.url
    const directUrl = options.directUrl ?? url
    const listener = openListener(directUrl)
    const replica = options.replicaUrl ? openReplica(db, { ...options, url: options.replicaUrl }) : undefined
    return {
      db,
      kind: 'postgres',
      url,
      migrate: (folder) => migratePostgres(directUrl, folder),
      async close() {
        await replica?.close()
        await listener.close()
        await pool.end()
      },
      onConnectionLost,
      listen: listener.listen,
      replica: replica?.replica,
    }
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true })
  // pg_trgm ships with PGlite as an extension to load; the migrations create it (trigram indexes).
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  })
  await client.waitReady
  const db = drizzlePglite(client) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder ?? migrationsFolder() }),
    close: () => client.close(),
    // An embedded database has no connection to lose.
    onConnectionLost: () => undefined,
    async listen(channel, handler) {
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`)
      return client.listen(channel, (payload) => handler(payload))
    },
  }
}
