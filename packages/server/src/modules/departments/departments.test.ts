import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { departments, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let root: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
})
afterAll(() => t.close())

const create = async (values: Record<string, unknown>) => root.post('/admin/departments', values)

describe('organisation units', () => {
  it('keep a tree of head office, branches and departments with leader, phone, sort and status', async () => {
    const head = (await create({ name: '总公司', leader: '王总', phone: '0571-88886666' })).json().row
    const branch = await create({ name: '杭州分公司', parent_id: head.id, phone: '13800138000', order: 2 })
    expect(branch.statusCode, branch.body).toBe(201)
    const sales = await create({ name: '销售部', parent_id: branch.json().row.id, status: 0 })
    expect(sales.json().row).toMatchObject({ level: 3, status: 0, parent_name: '杭州分公司' })

    const tree = (await root.get('/admin/departments/list?tree=1')).json().data
    const top = tree.find((node: { id: number }) => node.id === head.id)
    expect(top.children[0]).toMatchObject({ name: '杭州分公司', children: [{ name: '销售部' }] })
    const page = (await root.get('/admin/departments')).json()
    expect(JSON.stringify(page.options.parent_id)).toContain('杭州分公司')

    const found = (await root.get('/admin/departments/list?keyword=王总')).json().data
    expect(found.map((row: { id: number }) => row.id)).toEqual([head.id])
    const renamed = await root.put(`/admin/departments/${head.id}`, { name: '浙江总公司' })
    expect(renamed.json().row.name).toBe('浙江总公司')
  })

  it('refuse a bad phone or status, and an empty name', async () => {
    const bad = await create({ name: '', phone: 'call me', status: 5 })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'phone', 'status'])
  })

  it('refuse to delete a unit accounts still belong to, and one with units below it', async () => {
    const branch = (await create({ name: '上海分公司' })).json().row
    const team = (await create({ name: '上海销售部', parent_id: branch.id })).json().row
    await t.app.db.insert(users).values({ uname: 'shteam1', name: 'Sh', department_id: team.id })
    const withMembers = await root.delete('/admin/departments', { ids: [team.id] })
    expect(withMembers.statusCode).toBe(422)
    expect(withMembers.json().message).toContain('上海销售部')
    const withChildren = await root.delete('/admin/departments', { ids: [branch.id] })
    expect(withChildren.statusCode).toBe(422)
    await t.app.db.update(users).set({ department_id: 0 }).where(eq(users.uname, 'shteam1'))
    const both = await root.delete('/admin/departments', { ids: [branch.id, team.id] })
    expect(both.json().deleted).toBe(2)
    const [gone] = await t.app.db.select().from(departments).where(eq(departments.id, team.id))
    expect(gone.deleted_at).not.toBeNull()
  })

  it('file accounts in a unit, filtered, exported and imported by it', async () => {
    const unit = (await create({ name: '宁波分公司' })).json().row
    const created = await root.post('/admin/users', {
      uname: 'nbuser1',
      name: 'Nb',
      password: 'secret-88',
      department_id: unit.id,
    })
    expect(created.json().row).toMatchObject({ department_id: unit.id, department_name: '宁波分公司' })
    const missing = await root.post('/admin/users', {
      uname: 'nbuser2',
      name: 'Nb',
      password: 'secret-88',
      department_id: 987_654,
    })
    expect(Object.keys(missing.json().errors)).toEqual(['department_id'])
    const filtered = (await root.get(`/admin/users/list?department_id=${unit.id}`)).json().data
    expect(filtered.map((row: { uname: string }) => row.uname)).toEqual(['nbuser1'])
    const exported = (await root.get(`/admin/users/excel?department_id=${unit.id}`)).json().data
    expect(exported[0]).toMatchObject({ uname: 'nbuser1', department_id: unit.id })
    const imported = await root.post('/admin/users/import', {
      datas: [{ uname: 'nbuser3', name: 'Nb', password: 'secret-88', department_id: unit.id }],
    })
    expect(imported.json(), imported.body).toMatchObject({ imported: 1 })
    const [stored] = await t.app.db.select().from(users).where(eq(users.uname, 'nbuser3'))
    expect(stored.department_id).toBe(unit.id)
  })
})
