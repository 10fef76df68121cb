import { METHOD_BITS } from '@brokerdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRole, admins, roles, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let root: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
})
afterAll(() => t.close())

let n = 0
/** An account, optionally a back-office user holding `roleId`, and a client acting as it. */
async function member(roleId?: number) {
  n += 1
  const [user] = await t.app.db
    .insert(users)
    .values({ uname: `reader${n}x`, name: `Reader ${n}`, email: `reader${n}@example.com`, status: 1 })
    .returning()
  if (roleId) {
    const [admin] = await t.app.db.insert(admins).values({ user_id: user.id }).returning()
    await t.app.db.insert(adminRole).values({ admin_id: admin.id, role_id: roleId })
  }
  return { user, client: await adminClient(t.app, user.id) }
}

async function insertRole(name: string) {
  const [role] = await t.app.db
    .insert(roles)
    .values({ name, parent_id: 1, level: 2, left_margin: 5000 + n * 10, right_margin: 5001 + n * 10 })
    .returning()
  return role
}

async function send(body: Record<string, unknown>) {
  const response = await root.post('/admin/messages', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().row as { id: number; content: string }
}

const inbox = async (client: AdminClient, query = '') => (await client.get(`/home/messages${query}`)).json()

describe('messages to a role', () => {
  it('reach the holders of the role only, unread until read, and the writer sees the counts', async () => {
    const role = await insertRole('Claims desk')
    const holder = await member(role.id)
    const otherHolder = await member(role.id)
    const outsider = await member()
    const message = await send({
      title: 'Desk meeting',
      content: '<p>At <b>ten</b></p>',
      audience: 2,
      role_id: role.id,
    })

    const mine = await inbox(holder.client)
    expect(mine.unread).toBe(1)
    expect(mine.data).toEqual([
      expect.objectContaining({
        id: message.id,
        title: 'Desk meeting',
        read_at: null,
        author_name: expect.any(String),
      }),
    ])
    expect((await inbox(outsider.client)).data.map((m: { id: number }) => m.id)).not.toContain(message.id)
    expect((await outsider.client.get(`/home/messages/${message.id}`)).statusCode).toBe(404)

    const opened = await holder.client.get(`/home/messages/${message.id}`)
    expect(opened.json().row).toMatchObject({ title: 'Desk meeting', content: '<p>At <b>ten</b></p>' })
    const read = await holder.client.post('/home/messages/read', { ids: [message.id] })
    expect(read.json()).toEqual({ unread: 0 })
    expect((await inbox(holder.client)).data[0].read_at).toEqual(expect.any(String))
    expect((await inbox(otherHolder.client)).unread).toBe(1)

    const listed = await root.get(`/admin/messages/list?id=${message.id}`)
    expect(listed.json().data[0]).toMatchObject({
      audience: 2,
      role_name: 'Claims desk',
      recipients_count: 2,
      reads_count: 1,
    })
  })

  it('need the role, and one of the writer’s own roles or those below them', async () => {
    const missing = await root.post('/admin/messages', { title: 'x', content: 'y', audience: 2 })
    expect(Object.keys(missing.json().errors)).toEqual(['role_id'])

    const unrelated = await insertRole('Unrelated role')
    const { user } = await insertLimitedAdmin(t.app.db, [
      { url: '/admin/messages', method: METHOD_BITS.post },
    ])
    const clerk = await adminClient(t.app, user.id)
    const refused = await clerk.post('/admin/messages', {
      title: 'x',
      content: 'y',
      audience: 2,
      role_id: unrelated.id,
    })
    expect(refused.statusCode).toBe(422)
    expect(Object.keys(refused.json().errors)).toEqual(['role_id'])
  })
})

describe('messages to chosen users and to everyone', () => {
  it('reach exactly the chosen users; a message to everyone reaches a new account too', async () => {
    const chosen = await member()
    const other = await member()
    const toOne = await send({ title: 'For you', content: 'Hello', audience: 3, user_ids: [chosen.user.id] })
    expect((await inbox(chosen.client)).data.map((m: { id: number }) => m.id)).toContain(toOne.id)
    expect((await inbox(other.client)).data.map((m: { id: number }) => m.id)).not.toContain(toOne.id)
    const none = await root.post('/admin/messages', { title: 'x', content: 'y', audience: 3, user_ids: [] })
    expect(Object.keys(none.json().errors)).toEqual(['user_ids'])

    const toAll = await send({ title: 'Holiday', content: 'Closed on Monday', audience: 1 })
    const late = await member()
    expect((await inbox(late.client)).data.map((m: { id: number }) => m.id)).toContain(toAll.id)
    const [listed] = (await root.get(`/admin/messages/list?id=${toAll.id}`)).json().data
    expect(listed.recipients_count).toBe((await t.app.db.select().from(users)).length)
  })

  it("name the seeded administrator as the reader's language names them", async () => {
    const reader = await member()
    const sent = await send({ title: 'Greetings', content: 'Hello', audience: 3, user_ids: [reader.user.id] })
    const { api } = await loginAs(t.app, reader.user.id)
    const read = async (language: string, url: string) =>
      (await t.app.inject({ url: `/api${url}`, headers: { ...api, language } })).json()
    expect((await read('zh-CN', '/home/messages')).data[0]).toMatchObject({
      id: sent.id,
      author_name: '管理员',
    })
    expect((await read('zh-CN', `/home/messages/${sent.id}`)).row.author_name).toBe('管理员')
    expect((await read('en', '/home/messages')).data[0].author_name).toBe('Administrator')
  })

  it('mark every message read at once, and drop a deleted message from every inbox', async () => {
    const reader = await member()
    const first = await send({ title: 'One', content: 'a', audience: 3, user_ids: [reader.user.id] })
    await send({ title: 'Two', content: 'b', audience: 3, user_ids: [reader.user.id] })
    expect((await inbox(reader.client, '?unread=1')).data.map((m: { title: string }) => m.title)).toEqual(
      expect.arrayContaining(['One', 'Two']),
    )
    expect((await reader.client.post('/home/messages/read', { all: true })).json()).toEqual({ unread: 0 })
    expect((await inbox(reader.client, '?unread=1')).data).toEqual([])

    expect((await root.delete('/admin/messages', { ids: [first.id] })).statusCode).toBe(200)
    expect((await inbox(reader.client)).data.map((m: { title: string }) => m.title)).not.toContain('One')
    expect((await reader.client.get(`/home/messages/${first.id}`)).statusCode).toBe(404)
  })

  it('need a login to read an inbox, and a list of ids or all to mark read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home/messages' })).statusCode).toBe(401)
    const reader = await member()
    expect((await reader.client.post('/home/messages/read', { ids: [] })).statusCode).toBe(422)
    expect((await reader.client.post('/home/messages/read', {})).statusCode).toBe(422)
  })
})

describe('message content', () => {
  it('is stored sanitized; plain text becomes paragraphs; nothing visible is refused', async () => {
    const reader = await member()
    const message = await send({
      title: 'Links',
      content: '<p onmouseover="x()">See <a href="javascript:alert(1)">this</a></p><script>alert(1)</script>',
      audience: 3,
      user_ids: [reader.user.id],
    })
    expect(message.content).toBe('<p>See <a>this</a></p>')
    expect((await reader.client.get(`/home/messages/${message.id}`)).json().row.content).toBe(
      '<p>See <a>this</a></p>',
    )
    const plain = await send({ title: 'Plain', content: 'Line one\nLine two', audience: 1 })
    expect(plain.content).toBe('<p>Line one<br />Line two</p>')
    const empty = await root.post('/admin/messages', {
      title: 'x',
      content: '<script>x</script>',
      audience: 1,
    })
    expect(Object.keys(empty.json().errors)).toEqual(['content'])
  })
})

describe('message recipients', () => {
  it('are searched by the start of a name and list the chosen ones as well', async () => {
    const [found] = await t.app.db
      .insert(users)
      .values({ uname: 'zebracrossing', name: 'Zebra', status: 1 })
      .returning()
    const chosen = await member()
    const answer = await root.get(`/admin/messages/recipients?keyword=zebra&ids=${chosen.user.id}`)
    expect(answer.json().accounts.map((a: { value: number }) => a.value)).toEqual([found.id, chosen.user.id])
    expect(answer.json().accounts[0].label).toBe('zebracrossing · Zebra')
  })
})

describe('a messages-only administrator', () => {
  /** Holds the messages resource and the recipient search, nothing else. */
  async function messagesClerk() {
    const { user } = await insertLimitedAdmin(t.app.db, [
      { url: '/admin/messages/list', method: METHOD_BITS.get },
      { url: '/admin/messages/{id}', method: METHOD_BITS.get | METHOD_BITS.put },
      { url: '/admin/messages', method: METHOD_BITS.post | METHOD_BITS.delete },
      { url: '/admin/messages/recipients', method: METHOD_BITS.get },
    ])
    return { user, client: await adminClient(t.app, user.id) }
  }

  it("cannot see, edit or delete the super administrator's messages, but keeps their own", async () => {
    const rootMessage = await send({ title: 'From the top', content: 'Keep calm', audience: 1 })
    const clerk = await messagesClerk()
    expect((await clerk.client.get(`/admin/messages/${rootMessage.id}`)).statusCode).toBe(404)
    expect((await clerk.client.put(`/admin/messages/${rootMessage.id}`, { title: 'Panic' })).statusCode).toBe(
      404,
    )
    expect((await clerk.client.delete('/admin/messages', { ids: [rootMessage.id] })).json()).toEqual({
      deleted: 0,
    })
    const listed = (await clerk.client.get('/admin/messages/list')).json().data
    expect(listed.map((m: { id: number }) => m.id)).not.toContain(rootMessage.id)
    const [stored] = (await root.get(`/admin/messages/list?id=${rootMessage.id}`)).json().data
    expect(stored.title).toBe('From the top')

    const own = await clerk.client.post('/admin/messages', { title: 'Mine', content: 'x', audience: 1 })
    expect(own.statusCode, own.body).toBe(201)
    const id = own.json().row.id
    expect((await clerk.client.put(`/admin/messages/${id}`, { title: 'Still mine' })).statusCode).toBe(200)
    expect((await clerk.client.delete('/admin/messages', { ids: [id] })).json()).toEqual({ deleted: 1 })
  })

  it('writes to ordinary users only, and finds only them', async () => {
    const clerk = await messagesClerk()
    const ordinary = await member()
    const refused = await clerk.client.post('/admin/messages', {
      title: 'Hi',
      content: 'x',
      audience: 3,
      user_ids: [ordinary.user.id, 1],
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.user_ids).toEqual(['只能发送给普通用户和您下级角色的后台用户'])
    const sent = await clerk.client.post('/admin/messages', {
      title: 'Hi',
      content: 'x',
      audience: 3,
      user_ids: [ordinary.user.id],
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const changed = await clerk.client.put(`/admin/messages/${sent.json().row.id}`, { user_ids: [1] })
    expect(changed.statusCode).toBe(422)
    const found = (await clerk.client.get('/admin/messages/recipients?keyword=admin&ids=1')).json().accounts
    expect(found.map((a: { value: number }) => a.value)).not.toContain(1)
  })
})
