import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
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
