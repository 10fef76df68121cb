import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findNestedSetProblems } from '../../db/nested-set'
import { classifys, pclassifys } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { type AdminClient, adminClient } from '../testing/admin-client'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

const liveNodes = (table: typeof classifys | typeof pclassifys) =>
  t.app.db.select().from(table).where(isNull(table.deleted_at))

const expectValidTree = async (table: typeof classifys | typeof pclassifys) => {
  expect(findNestedSetProblems(await liveNodes(table))).toEqual([])
}

const create = async (url: string, name: string, parentId = 0) => {
  const response = await admin.post(url, { name, parent_id: parentId })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().row as { id: number; level: number; parent_name: string }
}

const nodeOf = async (url: string, id: number) => (await admin.get(`${url}/${id}`)).json().row

describe('a hierarchy of any depth (insurance groupings)', () => {
  const url = '/admin/pclassifys'

  it('places new nodes as the last child of their parent, keeping a valid nested set', async () => {
    await expectValidTree(pclassifys)
    const root = await create(url, 'Root')
    const a = await create(url, 'A', root.id)
    const b = await create(url, 'B', a.id)
    expect([root.level, a.level, b.level]).toEqual([1, 2, 3])
    expect(b.parent_name).toBe('A')
    await expectValidTree(pclassifys)
  })

  it('moves a node with its subtree under another parent and to the top level', async () => {
    const root = await create(url, 'Mover root')
    const a = await create(url, 'Mover A', root.id)
    const b = await create(url, 'Mover B', a.id)
    const c = await create(url, 'Mover C', b.id)
    const target = await create(url, 'Target')
    await create(url, 'Target child', target.id)

    const moved = await admin.put(`${url}/${a.id}`, { parent_id: target.id })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().row).toMatchObject({ parent_id: target.id, level: 2, parent_name: 'Target' })
    expect((await nodeOf(url, c.id)).level).toBe(4)
    await expectValidTree(pclassifys)

    expect((await admin.put(`${url}/${a.id}`, { parent_id: 0 })).json().row).toMatchObject({
      parent_id: 0,
      level: 1,
    })
    expect((await nodeOf(url, b.id)).level).toBe(2)
    await expectValidTree(pclassifys)

    // Up inside its own branch: C under A, beside B.
    await admin.put(`${url}/${c.id}`, { parent_id: a.id })
    expect(await nodeOf(url, c.id)).toMatchObject({ parent_id: a.id, level: 2 })
    await expectValidTree(pclassifys)
  })

  it('refuses to move a node under itself or its descendants, or under a missing parent', async () => {
    const a = await create(url, 'Loop A')
    const b = await create(url, 'Loop B', a.id)
    const c = await create(url, 'Loop C', b.id)
    for (const parentId of [a.id, b.id, c.id, 987_654]) {
      const response = await admin.put(`${url}/${a.id}`, { parent_id: parentId })
      expect(response.statusCode).toBe(422)
      expect(Object.keys(response.json().errors)).toEqual(['parent_id'])
    }
    expect(await nodeOf(url, a.id)).toMatchObject({ parent_id: 0, level: 1 })
    await expectValidTree(pclassifys)
  })

  it('refuses to delete a node with children, and deletes a whole branch given together', async () => {
    const a = await create(url, 'Branch A')
    const b = await create(url, 'Branch B', a.id)
    const refused = await admin.delete(url, { ids: [a.id] })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toContain('Branch A')
    expect(refused.json().errors.ids).toHaveLength(1)

    expect((await admin.delete(url, { ids: [a.id, b.id] })).json()).toEqual({ deleted: 2 })
    await expectValidTree(pclassifys)
    const leaf = await create(url, 'Leaf', (await create(url, 'Keeper')).id)
    expect((await admin.delete(url, { ids: [leaf.id] })).json()).toEqual({ deleted: 1 })
    await expectValidTree(pclassifys)
  })
})

describe('a two-level hierarchy (classifications)', () => {
  const url = '/admin/classifys'

  it('refuses a third level, on create and on move', async () => {
    const first = await create(url, 'Level one')
    const second = await create(url, 'Level two', first.id)
    const third = await admin.post(url, { name: 'Level three', parent_id: second.id })
    expect(third.statusCode).toBe(422)
    expect(Object.keys(third.json().errors)).toEqual(['parent_id'])

    const other = await create(url, 'Other one')
    const moved = await admin.put(`${url}/${first.id}`, { parent_id: other.id })
    expect(moved.statusCode).toBe(422)
    await expectValidTree(classifys)
  })
})
