import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { METHOD_BITS } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { type AdminClient, adminClient } from '../resource/testing/admin-client'
import { insertFirm, insertLimitedAdmin } from '../resource/testing/factories'
import { TEST_ADMIN_PASSWORD } from '../testing/test-app'
import { openTestDatabase } from '../testing/test-database'
import type { Database, Db } from './client'
import { type ReadReplica, watchReplica } from './replica'
import { seedDatabase } from './seed/index'

/**
 * The read paths through a replica, with the app as it runs: the "replica" is a second copy of the
 * database holding rows the primary lacks (and refusing writes), and its replay position is set by
 * the test, so every answer shows which database gave it.
 */

const FIRMS_LIST = { url: '/admin/firms/list', method: METHOD_BITS.get }
const FIRMS_CREATE = { url: '/admin/firms', method: METHOD_BITS.post }
const MAX_LAG_MS = 2500
const CHECK_MS = 25
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>
let primary: TestDatabase
let copy: TestDatabase
let replica: ReadReplica
let app: FastifyInstance
let root: AdminClient
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-replica-'))
const logLines: Array<{ msg: string; replica?: { state: string } }> = []
/**
 * The replica's replay position: undefined follows the primary, a position stays there; down fails.
 * With `hold`, the watcher's next look waits for it (and says so through `parked`).
 */
const replayed: { at?: string; down: boolean; hold?: Promise<void>; parked?: () => void } = { down: false }

/** Keeps the watcher from looking until the answered function is called: resolves once it waits. */
async function holdWatcher(): Promise<() => void> {
  let release: () => void = () => undefined
  const parked = new Promise<void>((resolve) => {
    replayed.parked = resolve
  })
  replayed.hold = new Promise<void>((resolve) => {
    release = resolve
  })
  await parked
  return () => {
    replayed.hold = undefined
    replayed.parked = undefined
    release()
  }
}

async function position(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
    rows: { lsn: string }[]
  }
  return result.rows[0].lsn
}
/** The replica stops replaying where the primary is now. */
const freeze = async () => {
  replayed.at = await position(primary.db)
}
const catchUp = () => {
  replayed.at = undefined
}
const waitForState = async (state: string) => {
  for (let i = 0; i < 200 && replica.status().state !== state; i++) await sleep(CHECK_MS)
  expect(replica.status().state).toBe(state)
}

async function seeded(database: TestDatabase) {
  if (!database.seeded)
    await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD, env: 'testing' })
}
const today = () => new Date().toISOString().slice(0, 10)

beforeAll(async () => {
  ;[primary, copy] = await Promise.all([
    openTestDatabase({ seeded: true }),
    openTestDatabase({ seeded: true }),
  ])
  await Promise.all([seeded(primary), seeded(copy)])
  // The same id in both: what reads the primary shows one, what reads the replica the other.
  await insertFirm(primary.db, { name: 'Only on the primary', full_name: 'Only on the primary' })
  await insertFirm(copy.db, { name: 'Only on the replica', full_name: 'Only on the replica' })
  await copy.db.execute(sql`
    insert into login_counts (period, bucket, logins, ips, addresses) values ('day', ${today()}, 777, 1, B'1')
    on conflict (period, bucket) do update set logins = 777`)
  // A standby refuses writes: so does this one, on this connection and every later one.
  if (copy.kind === 'postgres')
    await copy.db.execute(
      sql.raw(
        `alter database ${new URL(copy.url ?? '').pathname.slice(1)} set default_transaction_read_only = on`,
      ),
    )
  await copy.db.execute(sql`set default_transaction_read_only = on`)

  const config = loadConfig({
    APP_ENV: 'testing',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: dataDir,
    DB_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
  })
  replica = watchReplica({
    primary: primary.db,
    replica: copy.db,
    maxLagMs: config.replicaMaxLagMs,
    checkMs: CHECK_MS,
    probe: async () => {
      if (replayed.hold) {
        replayed.parked?.()
        await replayed.hold
      }
      if (replayed.down) throw new Error('connect ECONNREFUSED')
      await copy.db.execute(sql`select 1`)
      const head = await position(primary.db)
      return { primary: head, replica: replayed.at ?? head }
    },
  })
  const database: Database = { ...primary, replica }
  app = await buildApp({
    config,
    database,
    serveWeb: false,
    logger: {
      level: 'info',
      stream: { write: (line: string) => logLines.push(JSON.parse(line)) },
    },
  })
  await app.ready()
  root = await adminClient(app)
  await waitForState('ok')
})

afterAll(async () => {
  replica?.stop()
  await app?.close()
  await Promise.all([primary?.close(), copy?.close()])
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The firm names a list page shows. */
async function listed(client: AdminClient): Promise<string[]> {
  const answer = await client.get('/admin/firms/list?per_page=200')
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data.map((row: { name: string }) => row.name)
}

describe('reads through a read replica', () => {
  it('take lists, exports, statistics and the dashboard from a fresh replica, and nothing else', async () => {
    expect(await listed(root)).toContain('Only on the replica')
    expect(await listed(root)).not.toContain('Only on the primary')
    const exported = await root.get('/admin/firms/excel?per_page=100&page=1')
    expect(exported.statusCode, exported.body).toBe(200)
    expect(JSON.stringify(exported.json().data)).toContain('Only on the replica')
    const counts = await root.get('/admin/log-counts/list?type=day')
    expect(counts.statusCode, counts.body).toBe(200)
    expect(JSON.stringify(counts.json().data)).toContain('777')
    const dashboard = await root.get('/admin/index?range=week')
    expect(dashboard.statusCode, dashboard.body).toBe(200)
    expect(JSON.stringify(dashboard.json())).toContain('777')

    // One record (shown, edited) must be the newest: the primary's.
    const newest = (await primary.db.execute(sql`select max(id)::int as id from firms`)) as unknown as {
      rows: { id: number }[]
    }
    const shown = await root.get(`/admin/firms/${newest.rows[0].id}`)
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.body).toContain('Only on the primary')
    // A write goes to the primary (this replica refuses writes, as a standby does).
    const created = await root.post('/admin/firms', {
      name: 'Made on the primary',
      full_name: 'Made',
      type: 1,
    })
    expect(created.statusCode, created.body).toBe(201)
  })

  it('send a caller without cookies who just wrote to the primary until the replica has the write', async () => {
    const other = await adminClient(app, (await insertLimitedAdmin(primary.db, [FIRMS_LIST])).user.id)
    catchUp()
    await sleep(CHECK_MS * 3)
    await freeze()
    await sleep(CHECK_MS * 3)
    const created = await root.post('/admin/firms', {
      name: 'Written by root',
      full_name: 'Written',
      type: 1,
    })
    expect(created.statusCode, created.body).toBe(201)
    // Root reads its write (the primary); another user, who wrote nothing, still reads the replica.
    const own = await listed(root)
    expect(own).toContain('Written by root')
    expect(own).toContain('Only on the primary')
    expect(await listed(other)).toContain('Only on the replica')
    expect(replica.status().state).toBe('ok')
    // Once the replica has replayed the write, root reads there again.
    catchUp()
    await sleep(CHECK_MS * 3)
    expect(await listed(root)).toContain('Only on the replica')
  })

  it('do the same for an app of the open platform calling with its token', async () => {
    const owner = await insertLimitedAdmin(primary.db, [FIRMS_LIST, FIRMS_CREATE])
    const granted = await insertLimitedAdmin(primary.db, [FIRMS_LIST, FIRMS_CREATE])
    const made = await (await adminClient(app, owner.user.id)).post('/home/apps', {
      name: 'Sync job',
      description: 'Nightly sync',
      allowed_ips: '',
    })
    expect(made.statusCode, made.body).toBe(200)
    const { app: registered, secret } = made.json()
    const approved = await root.put(`/admin/apps/${registered.id}`, { review: 1, role_id: granted.role.id })
    expect(approved.statusCode, approved.body).toBe(200)
    const issued = await app.inject({
      method: 'POST',
      url: '/api/open/apps/token',
      payload: { grant_type: 'client_credentials', client_id: registered.client_id, client_secret: secret },
    })
    expect(issued.statusCode, issued.body).toBe(200)
    const headers = { authorization: `Bearer ${issued.json().access_token}` }
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })
    const appList = async () => {
      const answer = await call('GET', '/admin/firms/list?per_page=200')
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().data.map((row: { name: string }) => row.name) as string[]
    }

    catchUp()
    await sleep(CHECK_MS * 3)
    expect(await appList()).toContain('Only on the replica')
    await freeze()
    await sleep(CHECK_MS * 3)
    const written = await call('POST', '/admin/firms', {
      name: 'Written by the app',
      full_name: 'App',
      type: 1,
    })
    expect(written.statusCode, written.body).toBe(201)
    expect(await appList()).toContain('Written by the app')
    expect(await listed(root)).toContain('Only on the replica')
    expect(replica.status().state).toBe('ok')
    catchUp()
  })

  it('fall back to the primary while the replica is late or down, and log each change', async () => {
    catchUp()
    await waitForState('ok')
    logLines.length = 0
    // Late: the primary moves on, the replica does not, for longer than DB_REPLICA_MAX_LAG_MS.
    await freeze()
    await insertFirm(primary.db)
    await waitForState('late')
    expect(await listed(root)).toContain('Only on the primary')
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json().replica).toMatchObject({ state: 'late' })
    expect(ready.json().replica.lag_ms).toBeGreaterThan(MAX_LAG_MS)
    catchUp()
    await waitForState('ok')
    expect(await listed(root)).toContain('Only on the replica')
    // Down: not answering.
    replayed.down = true
    await waitForState('down')
    expect(await listed(root)).toContain('Only on the primary')
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json().replica.state).toBe('down')
    replayed.down = false
    await waitForState('ok')
    expect(logLines.filter((line) => line.replica).map((line) => [line.msg, line.replica?.state])).toEqual([
      ['read replica not in use: reads go to the primary', 'late'],
      ['read replica in use', 'ok'],
      ['read replica not in use: reads go to the primary', 'down'],
      ['read replica in use', 'ok'],
    ])
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'run a read the replica fails on the primary, and take the replica out at once',
    async () => {
      await waitForState('ok')
      const name = new URL(copy.url ?? '').pathname.slice(1)
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      // The watcher looks every 25 ms: held, so that only the read can find the replica gone.
      const release = await holdWatcher()
      try {
        await admin.query(`alter database ${name} allow_connections false`)
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])
        // The watcher has not looked: the read meets the refusal and runs again on the primary.
        expect(replica.status().state).toBe('ok')
        expect(await listed(root)).toContain('Only on the primary')
        expect(replica.status().state).toBe('down')
      } finally {
        await admin.query(`alter database ${name} allow_connections true`)
        await admin.end()
        release()
      }
    },
  )

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answer 503 with Retry-After while the primary is lost, though the replica answers',
    async () => {
      await waitForState('ok')
      const name = new URL(primary.url ?? '').pathname.slice(1)
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      try {
        await admin.query(`alter database ${name} allow_connections false`)
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])
        const refused = await root.get('/admin/firms/list?per_page=200')
        expect(refused.statusCode).toBe(503)
        expect(refused.headers['retry-after']).toBe('5')
        const ready = await app.inject({ method: 'GET', url: '/readyz' })
        expect(ready.statusCode).toBe(503)
        expect(ready.json().status).toBe('unavailable')
      } finally {
        await admin.query(`alter database ${name} allow_connections true`)
        await admin.end()
      }
      let back = await root.get('/admin/firms/list?per_page=200')
      for (let tries = 1; back.statusCode === 503 && tries < 5; tries++)
        back = await root.get('/admin/firms/list?per_page=200')
      expect(back.statusCode).toBe(200)
    },
  )
})
