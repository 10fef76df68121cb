import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient
let other: AdminClient
beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  const [user] = await t.app.db
    .insert(users)
    .values({ uname: 'listuser', password: 'x', name: 'List user' })
    .returning({ id: users.id })
  other = await adminClient(t.app, user.id)
})
afterAll(async () => {
  await t?.close()
})

const settings = {
  columns: [
    { name: 'name', width: 240, hidden: false },
    { name: 'uid', width: null, hidden: true },
  ],
  density: 'small',
  views: [{ name: '在售', search: '?status=1&sort=-issue_at' }],
}

describe('my list settings', () => {
  it('keeps each user their own columns, density and views of each list', async () => {
    expect((await admin.get('/home/list-settings/products')).json()).toEqual({
      settings: { columns: null, density: 'middle', views: [] },
    })
    const saved = await admin.put('/home/list-settings/products', settings)
    expect(saved.statusCode).toBe(200)
    expect((await admin.get('/home/list-settings/products')).json()).toEqual({ settings })
    // Saved again: replaced, not added.
    await admin.put('/home/list-settings/products', { ...settings, density: 'large' })
    expect((await admin.get('/home/list-settings/products')).json().settings.density).toBe('large')
    // Another user, and another list, start from the defaults; an ordinary user may keep theirs.
    expect((await other.get('/home/list-settings/products')).json().settings.columns).toBeNull()
    expect((await admin.get('/home/list-settings/firms')).json().settings.views).toEqual([])
    expect((await other.put('/home/list-settings/firms', { density: 'small' })).statusCode).toBe(200)
    expect((await other.get('/home/list-settings/firms')).json().settings).toEqual({
      columns: null,
      density: 'small',
      views: [],
    })
  })

  it('refuses columns the list has not, repeated names, too many views and unknown lists (422), and strangers (401)', async () => {
    const refused = async (resource: string, body: unknown) => {
      const answer = await admin.put(`/home/list-settings/${resource}`, body)
      expect(answer.statusCode, answer.body).toBe(422)
      return Object.keys(answer.json().errors ?? {})
    }
    expect(
      await refused('products', { columns: [{ name: 'password', width: null, hidden: false }] }),
    ).toEqual(['columns'])
    expect(await refused('products', { columns: [settings.columns[0], settings.columns[0]] })).toEqual([
      'columns',
    ])
    expect(await refused('products', { density: 'huge' })).toEqual(['density'])
    const view = (n: number) => ({ name: `v${n}`, search: '?status=1' })
    expect(await refused('products', { views: Array.from({ length: 21 }, (_, n) => view(n)) })).toEqual([
      'views',
    ])
    expect(await refused('products', { views: [view(1), view(1)] })).toEqual(['views'])
    expect(
      await refused('products', { views: [{ name: 'x', search: `?q=${'a'.repeat(2000)}` }] }),
    ).toHaveLength(1)
    expect(await refused('products', { views: [{ name: 'x'.repeat(41), search: '' }] })).toHaveLength(1)
    expect(await refused('nothing-here', settings)).toEqual(['resource'])
    expect([400, 404, 422]).toContain((await admin.get('/home/list-settings/Bad!')).statusCode)
    // What was refused changed nothing.
    expect((await admin.get('/home/list-settings/products')).json().settings.density).toBe('large')
    const stranger = await t.app.inject({ method: 'GET', url: '/api/home/list-settings/products' })
    expect(stranger.statusCode).toBe(401)
  })
})
