import { METHOD_BITS } from '@brokerdesk/shared'
import { count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firms, logs, products } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { demoDataAllowed } from './find-demo-data-offer'

const URL = '/admin/index/demo-data'
const DEMO_MENU_ID = 370

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

const live = async (table: typeof firms | typeof products) =>
  (await t.app.db.select({ n: count() }).from(table).where(isNull(table.deleted_at)))[0].n

describe('the demo data of the empty back-office home', () => {
  it('is refused to an administrator whose role does not hold its item, even one who may open the home', async () => {
    const { user } = await insertLimitedAdmin(t.app.db, [
      { url: '/admin/index', method: METHOD_BITS.get },
      { url: '/admin/firms', method: METHOD_BITS.get },
    ])
    const clerk = await adminClient(t.app, user.id)
    expect((await clerk.get(URL)).statusCode).toBe(403)
    expect((await clerk.post(URL, {})).statusCode).toBe(403)
    expect(await live(firms)).toBe(0)
  })

  it('is offered to the super administrator on an empty catalogue, saying how much it adds', async () => {
    const response = await admin.get(URL)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ offered: true, firms: 35, products: 350 })
  })

  it('adds the companies and products once, logs it, and is neither offered nor repeated afterwards', async () => {
    const added = await admin.post(URL, {})
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toEqual({ firms: 35, products: 350 })
    expect([await live(firms), await live(products)]).toEqual([35, 350])
    const [log] = await t.app.db.select().from(logs).where(eq(logs.menu_id, DEMO_MENU_ID))
    expect(log).toMatchObject({ user_id: 1, method: 'POST' })

    expect((await admin.get(URL)).json()).toMatchObject({ offered: false })
    const again = await admin.post(URL, {})
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('产品目录中已有保险公司或产品：演示数据只添加到空目录中')
    expect([await live(firms), await live(products)]).toEqual([35, 350])
  })

  it('refuses a body it does not know with a 4xx', async () => {
    const response = await admin.post(URL, { firms: 1000 })
    expect(response.statusCode).toBe(422)
  })
})

describe('where demo data may be added', () => {
  it('is every environment but production, and production only with SEED_DEMO=true', () => {
    expect(demoDataAllowed({ env: 'local', seedDemo: false })).toBe(true)
    expect(demoDataAllowed({ env: 'staging', seedDemo: false })).toBe(true)
    expect(demoDataAllowed({ env: 'production', seedDemo: false })).toBe(false)
    expect(demoDataAllowed({ env: 'production', seedDemo: true })).toBe(true)
  })
})
