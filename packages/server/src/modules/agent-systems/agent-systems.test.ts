import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentSystems, logs } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { openPassword } from './seal-password'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

const storedPassword = async (id: number) =>
  (
    await t.app.db
      .select({ password: agentSystems.password })
      .from(agentSystems)
      .where(eq(agentSystems.id, id))
  )[0].password

describe('agent-system passwords', () => {
  it('are stored encrypted, never answered, and an empty one on update keeps the old', async () => {
    const created = await admin.post('/admin/agent-systems', {
      name: 'Guobao',
      full_name: 'Guobao Agency System',
      url: 'https://agent.example.com',
      user_name: 'broker',
      password: 'Pa55word!',
      ip: '10.0.0.8',
    })
    expect(created.statusCode, created.body).toBe(201)
    const { row } = created.json()
    expect(row).toMatchObject({ has_password: true, ip: '10.0.0.8' })
    expect(created.body).not.toContain('Pa55word')
    expect('password' in row).toBe(false)

    const sealed = await storedPassword(row.id)
    expect(sealed).not.toContain('Pa55word')
    expect(sealed).toMatch(/^v1\./)
    expect(openPassword(t.app.appKey, sealed)).toBe('Pa55word!')

    await admin.put(`/admin/agent-systems/${row.id}`, { name: 'Guobao 2', password: '' })
    expect(await storedPassword(row.id)).toBe(sealed)
    await admin.put(`/admin/agent-systems/${row.id}`, { password: 'Changed-1' })
    expect(openPassword(t.app.appKey, await storedPassword(row.id))).toBe('Changed-1')

    for (const url of [
      `/admin/agent-systems/${row.id}`,
      '/admin/agent-systems/list',
      '/admin/agent-systems/excel',
    ]) {
      const body = (await admin.get(url)).body
      expect(body).not.toContain('"password"')
      expect(body).not.toContain(sealed.slice(3, 20))
    }
    const log = await t.app.db
      .select()
      .from(logs)
      .where(eq(logs.location, `/api/admin/agent-systems/${row.id}`))
    expect(JSON.stringify(log.map((l) => l.parameters))).not.toContain('Changed-1')
  })

  it('are absent when none was given', async () => {
    const { row } = (await admin.post('/admin/agent-systems', { name: 'Plain', full_name: 'Plain' })).json()
    expect(row.has_password).toBe(false)
  })
})

describe('agent-system validation', () => {
  it('requires the website to begin with http:// or https:// and the binding IP to be an IP', async () => {
    const response = await admin.post('/admin/agent-systems', {
      name: 'Bad',
      full_name: 'Bad',
      url: 'agent.example.com',
      ip: '300.1.1.1',
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors).sort()).toEqual(['ip', 'url'])
    const ipv6 = await admin.post('/admin/agent-systems', {
      name: 'V6',
      full_name: 'V6',
      ip: '2001:db8::1',
      url: 'http://a.cn',
    })
    expect(ipv6.statusCode).toBe(201)
  })
})

describe('DELETE /admin/agent-systems/condition-delete', () => {
  it('counts on a dry run, then deletes exactly what the list filter matches', async () => {
    for (const name of ['Cond alpha', 'Cond beta', 'Cond gamma']) {
      await admin.post('/admin/agent-systems', { name, full_name: `${name} system`, ip: '192.168.1.1' })
    }
    await admin.post('/admin/agent-systems', { name: 'Keep me', full_name: 'Cond keeper', ip: '192.168.9.9' })

    const dry = await admin.delete('/admin/agent-systems/condition-delete?name=cond&ip=192.168.1&dry_run=1')
    expect(dry.json()).toEqual({ count: 3, dry_run: true })
    expect((await admin.get('/admin/agent-systems/list?name=cond')).json().total).toBe(3)

    const done = await admin.delete('/admin/agent-systems/condition-delete?name=cond&ip=192.168.1')
    expect(done.json()).toEqual({ count: 3, dry_run: false })
    expect((await admin.get('/admin/agent-systems/list?name=cond')).json().total).toBe(0)
    expect((await admin.get('/admin/agent-systems/list?keyword=keeper')).json().total).toBe(1)
  })

  it('refuses a condition delete without any filter', async () => {
    const response = await admin.delete('/admin/agent-systems/condition-delete?dry_run=1')
    expect(response.statusCode).toBe(422)
  })

  it('refuses a condition delete whose filters hold no value, deleting nothing', async () => {
    await admin.post('/admin/agent-systems', { name: 'Survivor', full_name: 'Survivor system' })
    const before = (await admin.get('/admin/agent-systems/list')).json().total
    expect(before).toBeGreaterThan(0)
    for (const query of ['id=,', 'id=,,&name=%20', 'created_at=,']) {
      const response = await admin.delete(`/admin/agent-systems/condition-delete?${query}`)
      expect(response.statusCode, query).toBe(422)
      expect(Object.keys(response.json().errors)).toEqual(['filters'])
    }
    expect((await admin.get('/admin/agent-systems/list')).json().total).toBe(before)
  })
})
