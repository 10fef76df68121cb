import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findNestedSetProblems } from '../../db/nested-set'
import { areas } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

describe('regions', () => {
  it('list one level at a time by parent, with the parent named', async () => {
    const provinces = (await admin.get('/admin/areas/list?parent_id=0&per_page=50')).json()
    expect(provinces.total).toBe(34)
    const cities = (await admin.get('/admin/areas/list?parent_id=440000&per_page=50')).json().data
    expect(cities.find((c: { id: number }) => c.id === 440300)).toMatchObject({
      name: '深圳市',
      level: 2,
      parent_name: '广东省',
    })
    // The municipalities' districts hang directly under them.
    const beijing = (await admin.get('/admin/areas/list?parent_id=110000&per_page=50')).json().data
    expect(beijing.map((d: { name: string }) => d.name)).toContain('朝阳区')
  })

  it('are created with their administrative code as id, and the code must be free', async () => {
    const created = await admin.post('/admin/areas', { id: 440399, name: '示例新区', parent_id: 440300 })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().row).toMatchObject({ id: 440399, level: 3, parent_name: '深圳市' })
    const again = await admin.post('/admin/areas', { id: 440399, name: 'Again', parent_id: 440300 })
    expect(Object.keys(again.json().errors)).toEqual(['id'])
    const noCode = await admin.post('/admin/areas', { name: 'No code' })
    expect(Object.keys(noCode.json().errors)).toEqual(['id'])
    expect(
      findNestedSetProblems(await t.app.db.select().from(areas).where(isNull(areas.deleted_at))),
    ).toEqual([])
  })

  it('answer the whole tree for a tree select', async () => {
    const body = (await admin.get('/admin/areas/list?tree=1')).json()
    expect(body.data).toHaveLength(34)
    expect(body.total).toBeGreaterThan(3000)
    const guangdong = body.data.find((p: { id: number }) => p.id === 440000)
    expect(guangdong.children.find((c: { id: number }) => c.id === 440300).children.length).toBeGreaterThan(5)
  })
})
