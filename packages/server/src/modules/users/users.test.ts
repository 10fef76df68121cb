import { verify } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

const stored = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]

describe('ordinary users', () => {
  it('hash the password with argon2id and never answer it', async () => {
    const created = await admin.post('/admin/users', {
      uname: 'zhangsan',
      name: '张三',
      email: 'zhangsan@example.com',
      mobile_phone: '13800138001',
      password: 'secret-88',
      status: 2,
      province_id: 110000,
      city_id: 110101,
    })
    expect(created.statusCode, created.body).toBe(201)
    const { row } = created.json()
    expect(row).toMatchObject({ status: 2, province_name: '北京市', city_name: '东城区' })
    expect(created.body).not.toContain('"password"')
    const hash = (await stored(row.id)).password
    expect(hash).toMatch(/^\$argon2id\$/)
    expect(await verify(hash, 'secret-88')).toBe(true)

    await admin.put(`/admin/users/${row.id}`, { status: 1, password: '' })
    expect((await stored(row.id)).password).toBe(hash)
    await admin.put(`/admin/users/${row.id}`, { password: 'another-99' })
    expect(await verify((await stored(row.id)).password, 'another-99')).toBe(true)
  })

  it('need a password on create, and unique user names, e-mails and phones', async () => {
    const noPassword = await admin.post('/admin/users', { name: '李四', uname: 'lisi01' })
    expect(Object.keys(noPassword.json().errors)).toEqual(['password'])
    const first = await admin.post('/admin/users', { name: '王五', uname: 'wangwu01', password: 'secret-88' })
    expect(first.statusCode, first.body).toBe(201)
    const taken = await admin.post('/admin/users', { name: '王五', uname: 'wangwu01', password: 'secret-88' })
    expect(taken.statusCode).toBe(422)
    expect(Object.keys(taken.json().errors)).toEqual(['uname'])
    const bad = await admin.post('/admin/users', {
      name: '赵六',
      uname: '123',
      email: 'no-at',
      mobile_phone: '12345',
      password: '1',
    })
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'mobile_phone', 'password', 'uname'])
  })

  it('filter by status and keyword', async () => {
    for (const [uname, status] of [
      ['filtered1', 1],
      ['filtered2', 2],
      ['other01', 1],
    ] as const) {
      const created = await admin.post('/admin/users', { name: uname, uname, password: 'secret-88', status })
      expect(created.statusCode, created.body).toBe(201)
    }
    const rows = (await admin.get('/admin/users/list?status=1&keyword=filtered')).json().data
    expect(rows.map((u: { uname: string }) => u.uname)).toEqual(['filtered1'])
  })

  it('never delete the first user', async () => {
    const refused = await admin.delete('/admin/users', { ids: [1] })
    expect(refused.statusCode).toBe(422)
    expect((await stored(1)).deleted_at).toBeNull()
  })
})
