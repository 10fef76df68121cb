import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { configs, jobRuns, logs, messages, products, scheduledJobs } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import {
  insertFirm,
  insertLimitedAdmin,
  insertProduct,
  insertProductParents,
} from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { findJob } from './job-registry'
import { localDate } from './product-sale-calendar'
import { runJob } from './run-job'

let t: TestApp
let admin: AdminClient
let parents: Awaited<ReturnType<typeof insertProductParents>> & { firmId: number }
const DAY = 86_400_000

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  const firm = await insertFirm(t.app.db)
  parents = { ...(await insertProductParents(t.app.db)), firmId: firm.id }
})
afterAll(() => t.close())
beforeEach(async () => {
  // Each test starts with the jobs free, due, and without a cursor.
  await t.app.db.update(scheduledJobs).set({ running_until: null, cursor: null, enabled: true })
})

async function setSetting(key: string, value: string) {
  await t.app.db.update(configs).set({ value }).where(eq(configs.key, key))
  t.app.settings.forget()
}

describe('the scheduled jobs', () => {
  it('lists every built-in job with its schedule, on and due', async () => {
    const response = await admin.get('/admin/jobs')
    expect(response.statusCode, response.body).toBe(200)
    const jobs = response.json().jobs as Array<{ id: string; cron: string; enabled: boolean }>
    expect(jobs.map((job) => job.id)).toEqual([
      'product-sale-calendar',
      'log-partitions',
      'upload-clean-up',
      'webhook-retries',
    ])
    expect(jobs.every((job) => job.enabled && job.cron.split(' ').length === 5)).toBe(true)
  })

  it('changes a schedule, refuses a bad cron with 422 under its field, and turns a job off', async () => {
    const bad = await admin.put('/admin/jobs/log-partitions', { cron: 'every day at noon' })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(['cron'])
    const changed = await admin.put('/admin/jobs/log-partitions', { cron: '0 3 * * *' })
    expect(changed.statusCode, changed.body).toBe(200)
    const next = new Date(changed.json().next_run_at)
    expect(next.getHours()).toBe(3)
    expect(next.getMinutes()).toBe(0)
    const off = await admin.put('/admin/jobs/log-partitions', { enabled: false })
    expect(off.json()).toMatchObject({ enabled: false, next_run_at: null, cron: '0 3 * * *' })
    expect((await admin.put('/admin/jobs/no-such-job', { enabled: false })).statusCode).toBe(404)
  })

  it('runs a job now, keeps its run log, and answers 409 while another process holds it', async () => {
    const run = await admin.post('/admin/jobs/upload-clean-up/run')
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json()).toMatchObject({ job_id: 'upload-clean-up', outcome: 'succeeded', trigger: 'manual' })
    const runs = (await admin.get('/admin/jobs/upload-clean-up/runs')).json().runs
    expect(runs[0]).toMatchObject({ id: run.json().id, outcome: 'succeeded' })
    expect(runs[0].ended_at).not.toBeNull()
    await t.app.db
      .update(scheduledJobs)
      .set({ running_until: new Date(Date.now() + 60_000) })
      .where(eq(scheduledJobs.id, 'upload-clean-up'))
    expect((await admin.post('/admin/jobs/upload-clean-up/run')).statusCode).toBe(409)
  })

  it('runs a due job once however many processes claim it at the same time, and moves its next run on', async () => {
    const job = findJob('webhook-retries')
    if (!job) throw new Error('no job')
    await t.app.db
      .update(scheduledJobs)
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where(eq(scheduledJobs.id, job.id))
    const before = await t.app.db.$count(jobRuns, eq(jobRuns.job_id, job.id))
    const results = await Promise.all([1, 2, 3].map(() => runJob(t.app, job, { kind: 'schedule' })))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await t.app.db.$count(jobRuns, eq(jobRuns.job_id, job.id))).toBe(before + 1)
    const [row] = await t.app.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id))
    expect(row.next_run_at?.getTime()).toBeGreaterThan(Date.now())
    // Not due any more: a scheduled claim now runs nothing.
    expect(await runJob(t.app, job, { kind: 'schedule' })).toBeUndefined()
  })

  it('logs a failed run with its error', async () => {
    const job = { id: 'upload-clean-up' as const, run: async () => Promise.reject(new Error('disk gone')) }
    const run = await runJob(t.app, job, { kind: 'manual', userId: 1 })
    expect(run).toMatchObject({ outcome: 'failed', message: 'disk gone' })
  })

  it('is refused to an administrator whose roles do not hold it', async () => {
    const clerk = await insertLimitedAdmin(t.app.db, [{ url: '/admin/jobs', method: 1 }])
    const client = await adminClient(t.app, clerk.user.id)
    expect((await client.get('/admin/jobs')).statusCode).toBe(200)
    expect((await client.post('/admin/jobs/upload-clean-up/run')).statusCode).toBe(403)
  })
})

describe('the product sale calendar', () => {
  it('moves a product to on sale at its release time and to halted on its closing date, as the system', async () => {
    const now = Date.now()
    const releasing = await insertProduct(t.app.db, parents, { status: 0, issue_at: new Date(now - 60_000) })
    const stopping = await insertProduct(t.app.db, parents, { status: 1, stop_at: localDate(new Date(now)) })
    const later = await insertProduct(t.app.db, parents, {
      status: 0,
      issue_at: new Date(now + DAY),
    })
    // Released long ago and halted by hand since: the calendar leaves it alone.
    const old = await insertProduct(t.app.db, parents, { status: 0, issue_at: new Date(now - 30 * DAY) })
    const run = await admin.post('/admin/jobs/product-sale-calendar/run')
    expect(run.json(), run.body).toMatchObject({ outcome: 'succeeded' })
    const status = async (id: number) =>
      (await t.app.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0].status
    expect(await status(releasing.id)).toBe(1)
    expect(await status(stopping.id)).toBe(0)
    expect(await status(later.id)).toBe(0)
    expect(await status(old.id)).toBe(0)
    const [entry] = await t.app.db
      .select()
      .from(logs)
      .where(and(eq(logs.url, `/admin/products/${releasing.id}`), eq(logs.method, 'PUT')))
    expect(entry).toMatchObject({ user_id: 0, changes: { status: { before: 0, after: 1 } } })

    // A status set by hand after the run stays: the next run covers only what came since.
    await t.app.db.update(products).set({ status: 0 }).where(eq(products.id, releasing.id))
    const again = await admin.post('/admin/jobs/product-sale-calendar/run')
    expect(again.json()).toMatchObject({ outcome: 'succeeded', rows: 0 })
    expect(await status(releasing.id)).toBe(0)
  })

  it("tells the holders of the settings' role, N days ahead and once, that a product stops", async () => {
    await setSetting('product_stop_notice_role_id', '1')
    await setSetting('product_stop_notice_days', '5')
    const soon = await insertProduct(t.app.db, parents, {
      name: 'Stops in three days',
      status: 1,
      stop_at: localDate(new Date(Date.now() + 3 * DAY)),
    })
    await insertProduct(t.app.db, parents, {
      name: 'Stops in nine days',
      status: 1,
      stop_at: localDate(new Date(Date.now() + 9 * DAY)),
    })
    await admin.post('/admin/jobs/product-sale-calendar/run')
    await admin.post('/admin/jobs/product-sale-calendar/run')
    const sent = await t.app.db.select().from(messages).where(eq(messages.role_id, 1))
    const titles = sent.map((message) => message.title)
    expect(titles.filter((title) => title.includes(soon.name))).toHaveLength(1)
    expect(titles.some((title) => title.includes('Stops in nine days'))).toBe(false)
    expect(sent.find((message) => message.title.includes(soon.name))).toMatchObject({
      audience: 2,
      user_id: 0,
    })
    await setSetting('product_stop_notice_role_id', '0')
  })

  it('answers the releases and stops of a month by day, and 422 for a bad month', async () => {
    const month = '2031-04'
    const released = await insertProduct(t.app.db, parents, {
      name: 'April release',
      status: 0,
      issue_at: new Date('2031-04-10T09:00:00'),
    })
    const stopped = await insertProduct(t.app.db, parents, {
      name: 'April stop',
      status: 1,
      stop_at: '2031-04-20',
    })
    await insertProduct(t.app.db, parents, { name: 'Out of service', status: 2, stop_at: '2031-04-21' })
    const response = await admin.get(`/admin/product-calendar?month=${month}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().entries).toEqual([
      expect.objectContaining({ date: '2031-04-10', change: 'release', product_id: released.id }),
      expect.objectContaining({ date: '2031-04-20', change: 'stop', product_id: stopped.id }),
    ])
    expect((await admin.get('/admin/product-calendar?month=2031-13')).statusCode).toBe(422)
  })
})
