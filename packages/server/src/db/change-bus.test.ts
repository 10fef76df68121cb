import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { adminClient } from '../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../testing/test-app'
import { createChangeBus } from './change-bus'
import { openDatabase } from './client'
import { configs } from './schema/index'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

async function until(check: () => Promise<boolean> | boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return check()
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the change bus', () => {
  it('delivers to its own process at once and to another bus on the database, not twice', async () => {
    const mine = createChangeBus(t.database)
    const other = createChangeBus(t.database)
    const heardHere: Array<string | null> = []
    const heardThere: Array<string | null> = []
    const stopHere = await mine.subscribe('tests', (payload) => heardHere.push(payload))
    const stopThere = await other.subscribe('tests', (payload) => heardThere.push(payload))
    await mine.publish('tests', 'firm:7')
    expect(heardHere).toEqual(['firm:7'])
    expect(await until(() => heardThere.length === 1)).toBe(true)
    expect(heardThere).toEqual(['firm:7'])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heardHere).toEqual(['firm:7'])
    await stopThere()
    await mine.publish('tests', 'again')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heardThere).toEqual(['firm:7'])
    await stopHere()
    await expect(mine.publish('Bad topic!', '')).rejects.toThrow()
    await expect(mine.publish('tests', 'x'.repeat(5000))).rejects.toThrow()
  })
})

describe.skipIf(!onPostgres)('settings across two server processes on one PostgreSQL database', () => {
  let second: FastifyInstance
  let secondClose: () => Promise<void>

  beforeAll(async () => {
    const database = await openDatabase({ url: t.database.url })
    const config = loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir })
    second = await buildApp({ config, database, serveWeb: false })
    await second.ready()
    secondClose = async () => {
      await second.close()
      await database.close()
    }
  })
  afterAll(() => secondClose())

  it('a setting changed through one app takes effect in the other without a restart', async () => {
    const [row] = await t.app.db
      .select({ id: configs.id })
      .from(configs)
      .where(and(eq(configs.key, 'maintenance_mode'), isNull(configs.deleted_at)))
    const visit = () => second.inject({ method: 'GET', url: '/api/open/markdown?key=about' })
    expect((await visit()).statusCode).toBe(200)
    expect((await second.settings.maintenance()).on).toBe(false)

    const admin = await adminClient(t.app)
    expect((await admin.put(`/admin/configs/${row.id}`, { value: '1' })).statusCode).toBe(200)
    expect(await until(async () => (await second.settings.maintenance()).on)).toBe(true)
    expect((await visit()).statusCode).toBe(503)

    expect((await admin.put(`/admin/configs/${row.id}`, { value: '0' })).statusCode).toBe(200)
    expect(await until(async () => !(await second.settings.maintenance()).on)).toBe(true)
    expect((await visit()).statusCode).toBe(200)
  })
})
