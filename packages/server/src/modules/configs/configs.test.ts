import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configs, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

describe('system settings', () => {
  it('check the value against its type: JSON, number or text', async () => {
    const json = await admin.post('/admin/configs', {
      name: 'Menu',
      key: 'menu_json',
      type: 2,
      value: '{"a":1}',
    })
    expect(json.statusCode, json.body).toBe(201)
    const badJson = await admin.post('/admin/configs', {
      name: 'Menu',
      key: 'menu_json2',
      type: 2,
      value: '{a:1}',
    })
    expect(Object.keys(badJson.json().errors)).toEqual(['value'])
    const badNumber = await admin.post('/admin/configs', {
      name: 'Limit',
      key: 'limit',
      type: 3,
      value: 'ten',
    })
    expect(Object.keys(badNumber.json().errors)).toEqual(['value'])
    const number = await admin.post('/admin/configs', {
      name: 'Limit',
      key: 'limit',
      type: 3,
      value: '-12.5',
    })
    expect(number.statusCode).toBe(201)
    // Changing only the type is checked against the stored value.
    const retyped = await admin.put(`/admin/configs/${number.json().row.id}`, { type: 2 })
    expect(retyped.statusCode).toBe(200)
    const toNumber = await admin.put(`/admin/configs/${json.json().row.id}`, { type: 3 })
    expect(Object.keys(toNumber.json().errors)).toEqual(['value'])
  })

  it('keep component options as a JSON object and keys unique', async () => {
    const created = await admin.post('/admin/configs', {
      name: 'Notice',
      key: 'notice',
      itype: 3,
      options: '{"rows": 4}',
    })
    expect(created.json().row).toMatchObject({ itype: 3, options: { rows: 4 } })
    const duplicate = await admin.post('/admin/configs', { name: 'Again', key: 'notice' })
    expect(Object.keys(duplicate.json().errors)).toEqual(['key'])
    const badOptions = await admin.post('/admin/configs', { name: 'X', key: 'x_opts', options: '[1,2]' })
    expect(Object.keys(badOptions.json().errors)).toEqual(['options'])
    const badKey = await admin.post('/admin/configs', { name: 'X', key: '9 lives' })
    expect(Object.keys(badKey.json().errors)).toEqual(['key'])
  })
})

describe('typed settings', () => {
  it('check a boolean, a select and a number with limits by their type, under the value field', async () => {
    const flag = await admin.post('/admin/configs', { name: 'Flag', key: 'flag_on', type: 4, value: 'yes' })
    expect(flag.statusCode).toBe(422)
    expect(Object.keys(flag.json().errors)).toEqual(['value'])
    expect(
      (await admin.post('/admin/configs', { name: 'Flag', key: 'flag_on', type: 4, value: '1' })).statusCode,
    ).toBe(201)

    const choices = '{"options": [{"value": "day", "label": "Day"}, "week"]}'
    const noChoices = await admin.post('/admin/configs', {
      name: 'Bucket',
      key: 'bucket',
      type: 5,
      value: 'day',
    })
    expect(Object.keys(noChoices.json().errors)).toEqual(['options'])
    const outside = await admin.post('/admin/configs', {
      name: 'Bucket',
      key: 'bucket',
      type: 5,
      value: 'year',
      options: choices,
    })
    expect(Object.keys(outside.json().errors)).toEqual(['value'])
    const select = await admin.post('/admin/configs', {
      name: 'Bucket',
      key: 'bucket',
      type: 5,
      value: 'week',
      options: choices,
    })
    expect(select.statusCode, select.body).toBe(201)

    const retry = await admin.get('/admin/configs/list?key=maintenance_retry_after')
    const retryRow = retry.json().data.find((row: { key: string }) => row.key === 'maintenance_retry_after')
    const abc = await admin.put(`/admin/configs/${retryRow.id}`, { value: 'abc' })
    expect(abc.statusCode).toBe(422)
    expect(abc.json().errors.value).toHaveLength(1)
    const tooBig = await admin.put(`/admin/configs/${retryRow.id}`, { value: '100000' })
    expect(tooBig.json().errors.value[0]).toContain('86400')
    expect((await admin.put(`/admin/configs/${retryRow.id}`, { value: '120' })).statusCode).toBe(200)
  })

  it("hold a text setting to its input's maxLength (a map key of 10,000 characters made AMap's URL too long)", async () => {
    const list = await admin.get('/admin/configs/list?key=amap_server_key')
    const row = list.json().data.find((item: { key: string }) => item.key === 'amap_server_key')
    const tooLong = await admin.put(`/admin/configs/${row.id}`, { value: 'k'.repeat(101) })
    expect(tooLong.statusCode).toBe(422)
    expect(tooLong.json().errors.value[0]).toContain('100')
    const stored = await admin.get(`/admin/configs/${row.id}`)
    expect(stored.json().row.value).toBe('')
    expect((await admin.put(`/admin/configs/${row.id}`, { value: 'k'.repeat(100) })).statusCode).toBe(200)
    expect((await admin.put(`/admin/configs/${row.id}`, { value: '' })).statusCode).toBe(200)
  })
})

describe('maintenance mode', () => {
  it('answers 503 with Retry-After to visitors and users, not to administrators, and ends at once', async () => {
    const [user] = await t.app.db
      .insert(users)
      .values({ uname: 'plainuser1', name: 'Plain user', status: 1 })
      .returning()
    const plain = await loginAs(t.app, user.id)
    const superAdmin = await loginAs(t.app, 1)
    const [row] = await t.app.db
      .select({ id: configs.id, type: configs.type })
      .from(configs)
      .where(and(eq(configs.key, 'maintenance_mode'), isNull(configs.deleted_at)))
    expect(row.type).toBe(4)
    const homeAs = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/web-api/home/personage/index', headers })
    expect((await homeAs(plain.web)).statusCode).toBe(200)

    expect((await admin.put(`/admin/configs/${row.id}`, { value: '1' })).statusCode).toBe(200)
    const refused = await homeAs(plain.web)
    expect(refused.statusCode).toBe(503)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json().message).toBe('请稍后再试，系统正在维护中……')
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/open/markdown?key=about' })
    expect(anonymous.statusCode).toBe(503)
    // What the SPA needs to start and to log in still answers, and tells that the site is in maintenance.
    const config = await t.app.inject({ method: 'GET', url: '/web-api/open/config' })
    expect(config.json().maintenance).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: '/web-api/open/token' })).statusCode).toBe(200)
    // Administrators keep working, on their own pages and the others.
    expect((await homeAs(superAdmin.web)).statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/web-api/admin/configs', headers: superAdmin.web }))
        .statusCode,
    ).toBe(200)

    expect((await admin.put(`/admin/configs/${row.id}`, { value: '0' })).statusCode).toBe(200)
    expect((await homeAs(plain.web)).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/web-api/open/config' })).json().maintenance).toBe(
      false,
    )
  })
})
