import { MAX_BULK_ROWS } from '@brokerdesk/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs, products, users, webhookDeliveries, webhooks } from '../db/schema/index'
import { createTestApp, type TestApp } from '../testing/test-app'
import { type AdminClient, adminClient } from './testing/admin-client'
import {
  insertFirm,
  insertLimitedAdmin,
  insertProduct,
  insertProductParents,
  insertScopedAdmin,
} from './testing/factories'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

/** A firm of its own with `count` products on sale, and the parents they need. */
async function productsOfNewFirm(count: number) {
  const firm = await insertFirm(t.app.db)
  const parents = { ...(await insertProductParents(t.app.db)), firmId: firm.id }
  const rows = []
  for (let i = 0; i < count; i++) rows.push(await insertProduct(t.app.db, parents, { status: 1 }))
  return { firm, parents, ids: rows.map((row) => row.id) }
}

const statusesOf = async (ids: number[]) =>
  (
    await t.app.db
      .select({ status: products.status })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(products.id)
  ).map((row) => row.status)

describe('a bulk edit', () => {
  it('sets the fields on the given records, each logged with its before and after', async () => {
    const { ids } = await productsOfNewFirm(3)
    const answer = await admin.put('/admin/products/bulk', { ids, values: { status: 0 } })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ updated: 3, errors: [] })
    expect(await statusesOf(ids)).toEqual([0, 0, 0])
    const history = (await admin.get(`/admin/products/${ids[1]}/history`)).json().data
    expect(history[0]).toMatchObject({ action: 'update', changes: { status: { before: 1, after: 0 } } })
    const entries = await t.app.db
      .select({ record_id: logs.record_id, parameters: logs.parameters })
      .from(logs)
      .where(and(eq(logs.resource, 'products'), inArray(logs.record_id, ids)))
    expect(entries).toHaveLength(3)
    expect(entries[0].parameters).toMatchObject({ status: 0 })
  })

  it('changes exactly what the list of the filter shows', async () => {
    const { firm, ids } = await productsOfNewFirm(4)
    const other = await productsOfNewFirm(1)
    await admin.put(`/admin/products/${ids[3]}`, { status: 2 })
    const filter = { firm_id: String(firm.id), status: '1' }
    const listed = (await admin.get(`/admin/products/list?firm_id=${firm.id}&status=1`)).json().data
    const answer = await admin.put('/admin/products/bulk', { filter, values: { status: 0, attr: 3 } })
    expect(answer.json()).toEqual({ updated: listed.length, errors: [] })
    expect(listed).toHaveLength(3)
    expect(await statusesOf(ids)).toEqual([0, 0, 0, 2])
    expect(await statusesOf(other.ids)).toEqual([1])
  })

  it('checks each record by the rules of its single update and names the ones it left alone', async () => {
    const { parents, ids } = await productsOfNewFirm(2)
    // One product stops selling before the day chosen, the other has no issue date.
    await admin.put(`/admin/products/${ids[0]}`, { issue_at: '2026-06-01 00:00:00' })
    const answer = await admin.put('/admin/products/bulk', {
      ids: [...ids, 99_999_999],
      values: { stop_at: '2026-01-01', pclassify_id: parents.pclassify.id },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const { updated, errors } = answer.json()
    expect(updated).toBe(1)
    expect(errors.map((error: { id: number }) => error.id)).toEqual([ids[0], 99_999_999])
    expect(Object.keys(errors[0].errors)).toEqual(['stop_at'])
    expect(Object.keys(errors[1].errors)).toEqual(['id'])
    const [stored] = await t.app.db.select().from(products).where(eq(products.id, ids[1]))
    expect(stored.stop_at).toBe('2026-01-01')
  })

  it('refuses what is not a bulk edit with a 422 naming the part, and changes nothing', async () => {
    const { ids } = await productsOfNewFirm(1)
    const cases: Array<[unknown, string]> = [
      [{ ids, values: { name: 'Renamed' } }, 'values'],
      [{ ids, values: {} }, 'values'],
      [{ ids, filter: {}, values: { status: 0 } }, 'ids'],
      [{ values: { status: 0 } }, 'ids'],
      [{ ids: [1.5], values: { status: 0 } }, 'ids'],
      [{ ids: Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => i + 1), values: { status: 0 } }, 'ids'],
      [{ filter: { stauts: '1' }, values: { status: 0 } }, 'filter'],
      [{ filter: { firm_id: 'x' }, values: { status: 0 } }, 'firm_id'],
      [{ ids, values: { status: 9 } }, 'status'],
    ]
    for (const [body, field] of cases) {
      const answer = await admin.put('/admin/products/bulk', body)
      expect(answer.statusCode, answer.body).toBe(422)
      expect(Object.keys(answer.json().errors), JSON.stringify(body).slice(0, 80)).toContain(field)
    }
    expect(await statusesOf(ids)).toEqual([1])
  })

  it(`refuses a filter matching more than ${MAX_BULK_ROWS} records`, async () => {
    const { firm, parents } = await productsOfNewFirm(0)
    await t.app.db.execute(sql`insert into products (name, firm_id, classify_id, classify2_id, pclassify_id)
      select 'M', ${firm.id}, ${parents.classify.id}, ${parents.classify2.id}, ${parents.pclassify.id}
      from generate_series(1, ${MAX_BULK_ROWS + 1}) as n`)
    const answer = await admin.put('/admin/products/bulk', {
      filter: { firm_id: String(firm.id) },
      values: { status: 0 },
    })
    expect(answer.statusCode, answer.body).toBe(422)
    expect(Object.keys(answer.json().errors)).toEqual(['filter'])
    const [{ changed }] = await t.app.db
      .select({ changed: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.firm_id, firm.id), eq(products.status, 0)))
    expect(changed).toBe(0)
  })

  it("queues each record's updated webhook event", async () => {
    const { ids } = await productsOfNewFirm(2)
    const [hook] = await t.app.db
      .insert(webhooks)
      .values({ url: 'https://hooks.example.com/bulk', events: ['products.updated'], secret: 'sealed' })
      .returning()
    try {
      await admin.put('/admin/products/bulk', { ids, values: { status: 2 } })
      const queued = await t.app.db
        .select({ payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhook_id, hook.id))
      const bodies = queued.map((row) => JSON.parse(row.payload))
      expect(bodies.map((body) => body.data.id).sort()).toEqual([...ids].sort())
      expect(bodies[0]).toMatchObject({ event: 'products.updated', data: { status: 2 } })
    } finally {
      await t.app.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.id, hook.id))
    }
  })

  it("is held by the resource's update permission", async () => {
    const { ids } = await productsOfNewFirm(1)
    const { user: reader } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/products/list', method: 1 }])
    const forbidden = await (await adminClient(t.app, reader.id)).put('/admin/products/bulk', {
      ids,
      values: { status: 0 },
    })
    expect(forbidden.statusCode).toBe(403)
    const { user: editor } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/products/{id}', method: 4 }])
    const allowed = await (await adminClient(t.app, editor.id)).put('/admin/products/bulk', {
      ids,
      values: { status: 0 },
    })
    expect(allowed.json()).toEqual({ updated: 1, errors: [] })
    const [entry] = await t.app.db
      .select({ menu_id: logs.menu_id, user_id: logs.user_id })
      .from(logs)
      .where(and(eq(logs.resource, 'products'), eq(logs.record_id, ids[0])))
    expect(entry.user_id).toBe(editor.id)
    expect(entry.menu_id).toBeGreaterThan(0)
  })

  it("leaves records outside the caller's data scope alone, by ids and by filter", async () => {
    const unit = async (name: string) =>
      (await admin.post('/admin/departments', { name, parent_id: 0 })).json().row.id as number
    const mine = await unit('批量编辑本部门')
    const theirs = await unit('批量编辑外部门')
    const account = async (departmentId: number) => {
      const [row] = await t.app.db
        .insert(users)
        .values({
          uname: `bulk${departmentId}x${Math.random().toString(36).slice(2, 8)}`,
          name: 'Bulk',
          status: 1,
          department_id: departmentId,
        })
        .returning()
      return row.id
    }
    const inside = await account(mine)
    const outside = await account(theirs)
    const { user } = await insertScopedAdmin(t.app.db, { departmentId: mine, dataScope: 'unit' })
    const scoped = await adminClient(t.app, user.id)
    const byIds = await scoped.put('/admin/users/bulk', { ids: [inside, outside], values: { status: 0 } })
    expect(byIds.statusCode, byIds.body).toBe(200)
    expect(byIds.json().updated).toBe(1)
    expect(byIds.json().errors.map((error: { id: number }) => error.id)).toEqual([outside])
    const byFilter = await scoped.put('/admin/users/bulk', {
      filter: { department_id: String(theirs) },
      values: { status: 0 },
    })
    expect(byFilter.json()).toEqual({ updated: 0, errors: [] })
    const statuses = await t.app.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(inArray(users.id, [inside, outside]))
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [inside]: 0,
      [outside]: 1,
    })
  })
})
