import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, adminClient } from '../resource/testing/admin-client'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'

const serverUrl = process.env.TEST_DATABASE_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What happened when, in ms from the start of each phase; printed at the end for the record. */
const timeline: string[] = []

function startPhase(name: string) {
  const start = performance.now()
  const at = () => Math.round(performance.now() - start)
  return {
    at,
    note: (event: string) => timeline.push(`${name.padEnd(10)} +${String(at()).padStart(5)} ms  ${event}`),
  }
}

describe.skipIf(!serverUrl)('the PostgreSQL server going away or slow', () => {
  let t: TestApp
  let admin: pg.Client
  let name: string
  let headers: Record<string, string>
  let client: AdminClient

  const listFirms = () => t.app.inject({ method: 'GET', url: '/api/admin/firms/list', headers })
  const probe = (url: string) => t.app.inject({ method: 'GET', url })
  /** Ends every connection of the app's database, as an operator or a failover would. */
  async function terminateBackends(): Promise<number> {
    const result = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1',
      [name],
    )
    return result.rows[0].n
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DB_CONNECT_TIMEOUT: '1000',
        DB_STATEMENT_TIMEOUT: '1000',
        DB_TRANSFER_STATEMENT_TIMEOUT: '4000',
      },
    })
    const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>
    }
    name = result.rows[0].name
    admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    headers = (await loginAs(t.app, 1)).api
    client = await adminClient(t.app)
  })

  afterAll(async () => {
    await admin?.query(`alter database ${name} allow_connections true`)
    await admin?.end()
    await t?.close()
    process.stdout.write(`\nOutage timeline\n${timeline.join('\n')}\n`)
  })

  it('stops a statement after the time-out, and gives exports and imports longer', async () => {
    const phase = startPhase('slow')
    const url = new URL(serverUrl ?? '')
    url.pathname = `/${name}`
    const locker = new pg.Client({ connectionString: url.toString() })
    await locker.connect()
    try {
      await locker.query('begin')
      await locker.query('lock table years in access exclusive mode')
      phase.note('table years locked by another connection for 1500 ms')
      const released = sleep(1500).then(async () => {
        await locker.query('commit')
        phase.note('lock released')
      })
      const timed = async (label: string, request: Promise<{ statusCode: number }>) => {
        const { statusCode } = await request
        phase.note(`${label} answered ${statusCode}`)
        return statusCode
      }
      const [listed, exported, imported] = await Promise.all([
        timed('list (1000 ms time-out)', client.get('/admin/years/list')),
        timed('export (4000 ms time-out)', client.get('/admin/years/excel?per_page=10&page=1')),
        client.post('/admin/years/import', { datas: [{ name: 'Imported behind a lock', value: '1' }] }),
        released,
      ])
      phase.note(`import answered ${imported.statusCode}, ${imported.json().imported} row stored`)
      expect(listed).toBe(503)
      expect(exported).toBe(200)
      expect(imported.json()).toMatchObject({ imported: 1, errors: [] })
    } finally {
      await locker.end()
    }
  })

  it('carries on when its connections are terminated in the middle of traffic', async () => {
    // Fill the pool so that idle connections are lost too, not only busy ones.
    await Promise.all(Array.from({ length: 8 }, listFirms))
    const phase = startPhase('terminate')
    const answers: Array<{ at: number; status: number }> = []
    let running = true
    const worker = async () => {
      while (running) {
        const { statusCode } = await listFirms()
        answers.push({ at: phase.at(), status: statusCode })
      }
    }
    const workers = Array.from({ length: 4 }, worker)
    await sleep(150)
    phase.note('traffic of 4 clients running; terminating every backend of the database')
    const terminated = await terminateBackends()
    const terminatedAt = phase.at()
    phase.note(`${terminated} backends terminated`)
    await sleep(350)
    running = false
    await Promise.all(workers)

    const failed = answers.filter((a) => a.status !== 200)
    const recovered = answers.find((a) => a.at > terminatedAt && a.status === 200)
    phase.note(
      `${answers.length} requests: ${answers.length - failed.length} × 200, ${failed.length} × 503` +
        (failed.length > 0 ? ` (between +${failed[0].at} and +${failed[failed.length - 1].at} ms)` : ''),
    )
    if (recovered) phase.note(`first 200 on a new connection after the termination at +${recovered.at} ms`)
    expect(terminated).toBeGreaterThan(0)
    expect(failed.every((a) => a.status === 503)).toBe(true)
    expect(recovered).toBeDefined()
    expect((await listFirms()).statusCode).toBe(200)
  })

  it('answers 503 while the database refuses connections, and recovers by itself', async () => {
    const refuse = startPhase('refuse')
    await admin.query(`alter database ${name} allow_connections false`)
    await terminateBackends()
    refuse.note('connections refused (allow_connections false) and backends terminated')
    const refused = await listFirms()
    refuse.note(`API request answered ${refused.statusCode}, Retry-After ${refused.headers['retry-after']}`)
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json().code).toBe('unavailable')
    const notReady = await probe('/readyz')
    const alive = await probe('/healthz')
    refuse.note(`/readyz ${notReady.statusCode}, /healthz ${alive.statusCode}`)
    expect(notReady.statusCode).toBe(503)
    expect(alive.statusCode).toBe(200)

    const allow = startPhase('allow')
    await admin.query(`alter database ${name} allow_connections true`)
    allow.note('connections allowed again')
    // A pooled connection killed while refused may be handed out once more before the pool hears of
    // its death: that request answers 503 too, and the next ones are served on new connections.
    let back = await listFirms()
    for (let tries = 1; back.statusCode === 503 && tries < 5; tries++) back = await listFirms()
    allow.note(`API request answered ${back.statusCode}`)
    expect(back.statusCode).toBe(200)
    const ready = await probe('/readyz')
    allow.note(`/readyz ${ready.statusCode}`)
    expect(ready.statusCode).toBe(200)
  })
})
