import { brotliDecompressSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { menuRole, menus, users } from '../db/schema/index'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'
import { type AdminClient, adminClient } from './testing/admin-client'
import { insertFirm, insertLimitedAdmin, insertProduct, insertProductParents } from './testing/factories'

let t: TestApp
let admin: AdminClient
let firmId = 0
const ROWS = 23

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  const db = t.app.db
  const parents = await insertProductParents(db)
  firmId = (await insertFirm(db, { type: 1 })).id
  const names = ['平安福终身寿险', '国寿康宁重疾', 'Alpha Term Life', '平安鑫盈年金']
  for (let i = 0; i < ROWS; i++) {
    await insertProduct(
      db,
      { ...parents, firmId },
      {
        name: `${names[i % names.length]} ${i}`,
        status: 1,
        // Some without dates, others sharing one: sorts by these hold empty values and ties.
        issue_at: i % 3 === 0 ? null : new Date(Date.UTC(2020, 0, 1 + (i % 5))),
        stop_at: i % 4 === 0 ? null : `2030-01-0${1 + (i % 3)}`,
      },
    )
  }
})
afterAll(() => t.close())

type Page = {
  data: Array<{ id: number; name: string }>
  current_page: number
  last_page: number
  total?: number
  total_estimate?: number
  total_exact?: boolean
}
const list = async (query: string): Promise<Page> => {
  const response = await admin.get(`/admin/products/list?firm_id=${firmId}&${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('the total of a list', () => {
  it('comes at once without a count: exact for a small list, as total_estimate', async () => {
    const first = await list('page=1&per_page=10')
    expect(first.total).toBeUndefined()
    expect(first).toMatchObject({ total_estimate: ROWS, total_exact: true, last_page: 2 })
    expect((await list('page=1&per_page=10&get_count=1')).total).toBe(ROWS)
  })
})

describe('paging by position (keyset)', () => {
  it('walks forwards with after= and back with before=, every row exactly once', async () => {
    const ids = (await list('per_page=200&page=1')).data.map((row) => row.id)
    expect(ids).toHaveLength(ROWS)
    const seen: number[] = []
    let page = await list('page=1&per_page=10')
    seen.push(...page.data.map((row) => row.id))
    while (page.last_page > page.current_page) {
      const lastId = page.data[page.data.length - 1].id
      page = await list(`per_page=10&page=${page.current_page + 1}&after=${lastId}`)
      seen.push(...page.data.map((row) => row.id))
    }
    expect(seen).toEqual(ids)
    const back = await list(`per_page=10&page=1&before=${ids[10]}`)
    expect(back.data.map((row) => row.id)).toEqual(ids.slice(0, 10))
  })

  it('answers the last rows with last=1, in the list order, for an ascending sort by a timestamp too', async () => {
    const ids = (await list('per_page=200&page=1')).data.map((row) => row.id)
    const last = await list('per_page=10&last=1')
    expect(last.data.map((row) => row.id)).toEqual(ids.slice(-10))
    expect(last).toMatchObject({ current_page: 3, last_page: 3 })
    const byCreation = (await list('per_page=200&page=1&sort=created_at')).data.map((row) => row.id)
    expect((await list('per_page=10&last=1&sort=created_at')).data.map((row) => row.id)).toEqual(
      byCreation.slice(-10),
    )
    const after = await list(`per_page=10&page=2&sort=created_at&after=${byCreation[9]}`)
    expect(after.data.map((row) => row.id)).toEqual(byCreation.slice(10, 20))
  })

  it('answers the last rows of any sort, also one by a column that may be empty or in two directions', async () => {
    for (const sort of ['-issue_at', 'stop_at,-id', 'status,-created_at']) {
      const all = (await list(`per_page=200&page=1&sort=${sort}`)).data.map((row) => row.id)
      const last = await list(`per_page=10&last=1&sort=${sort}`)
      expect(
        last.data.map((row) => row.id),
        sort,
      ).toEqual(all.slice(-10))
    }
  })

  it('refuses a cursor with a sort that may hold empty values, or a cursor that is no id', async () => {
    const nullable = await admin.get('/admin/products/list?sort=-issue_at&after=5')
    expect(nullable.statusCode).toBe(422)
    expect(Object.keys(nullable.json().errors)).toEqual(['sort'])
    const bad = await admin.get('/admin/products/list?after=abc&before=0')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['after', 'before'])
  })
})

describe('text search', () => {
  it('finds Chinese and Latin names by any part of them (the trigram indexes keep ILIKE)', async () => {
    const names = async (keyword: string) =>
      (await list(`per_page=200&page=1&keyword=${encodeURIComponent(keyword)}`)).data.map((row) => row.name)
    expect(await names('平安福')).toHaveLength(6)
    expect(await names('平安')).toHaveLength(11)
    expect(await names('福')).toHaveLength(6)
    expect(await names('alpha term')).toHaveLength(6)
    expect(await names('年金 7')).toEqual(['平安鑫盈年金 7'])
    expect(await names('无此产品')).toEqual([])
    // Two characters hold no trigram: the bigram indexes find them, case-insensitively as ILIKE does.
    expect(await names('寿险')).toHaveLength(6)
    expect(await names('AL')).toHaveLength(6)
    expect(await names('无此')).toEqual([])
    // …and take a wildcard literally, as the escaped ILIKE does.
    expect(await names('%a')).toEqual([])
    expect(await names('_l')).toEqual([])
    const named = await list(`per_page=200&page=1&name=${encodeURIComponent('鑫盈')}`)
    expect(named.data).toHaveLength(5)
  })

  it('pages through the matches, found first by id, with their exact number, in any order', async () => {
    const keyword = `keyword=${encodeURIComponent('平安')}`
    const all = (await list(`per_page=200&page=1&sort=-issue_at&${keyword}`)).data.map((row) => row.id)
    expect(all).toHaveLength(11)
    const first = await list(`per_page=10&page=1&sort=-issue_at&${keyword}`)
    expect(first).toMatchObject({ total_estimate: 11, total_exact: true, last_page: 2 })
    expect(first.data.map((row) => row.id)).toEqual(all.slice(0, 10))
    const second = await list(`per_page=10&page=2&sort=-issue_at&${keyword}`)
    expect(second.data.map((row) => row.id)).toEqual(all.slice(10))
    expect((await list(`per_page=10&page=2&get_count=1&${keyword}`)).total).toBe(11)
    const byId = (await list(`per_page=200&page=1&${keyword}`)).data.map((row) => row.id)
    const after = await list(`per_page=10&page=2&after=${byId[9]}&${keyword}`)
    expect(after.data.map((row) => row.id)).toEqual(byId.slice(10))
    const last = await list(`per_page=10&last=1&${keyword}`)
    expect(last).toMatchObject({ current_page: 2, total_estimate: 11, total_exact: true })
    expect(last.data.map((row) => row.id)).toEqual(byId.slice(1))
    expect(await list(`per_page=10&page=1&keyword=${encodeURIComponent('无此产品')}`)).toMatchObject({
      data: [],
      total_estimate: 0,
      total_exact: true,
      last_page: 1,
    })
  })
})

describe('compressed answers', () => {
  it('sends JSON above 1 KB as br or gzip when asked, and small or unasked answers as they are', async () => {
    const { api } = await loginAs(t.app, 1)
    const url = '/api/admin/menus/list?per_page=200&page=1'
    const br = await t.app.inject({ url, headers: { ...api, 'accept-encoding': 'br, gzip' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    const plain = await t.app.inject({ url, headers: api })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    const gzip = await t.app.inject({ url, headers: { ...api, 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const small = await t.app.inject({ url: '/api/open/user', headers: { ...api, 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})

describe('the caller resolved in one statement', () => {
  it('sees a permission or a stopped account change in another server process within moments', async () => {
    // A second app on the same database hears the change on its listening connection.
    const other = await buildApp({ config: t.app.config, database: t.database, serveWeb: false })
    await other.ready()
    /** Asks until the answer has this status (the notification arrives within moments). */
    const eventually = async (ask: () => Promise<{ statusCode: number }>, status: number) => {
      const until = Date.now() + 3000
      let last = await ask()
      while (last.statusCode !== status && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        last = await ask()
      }
      return last.statusCode
    }
    try {
      const { user, role } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/banks/list', method: 1 }])
      const { api } = await loginAs(t.app, user.id)
      const banks = () => other.inject({ url: '/api/admin/banks/list', headers: api })
      expect((await banks()).statusCode).toBe(200)
      expect((await other.inject({ url: '/api/admin/firms/list', headers: api })).statusCode).toBe(403)
      const [item] = await t.app.db.select().from(menus).where(eq(menus.url, '/admin/banks/list'))
      await t.app.db.delete(menuRole).where(and(eq(menuRole.role_id, role.id), eq(menuRole.menu_id, item.id)))
      expect(await eventually(banks, 403)).toBe(403)
      await t.app.db.insert(menuRole).values({ role_id: role.id, menu_id: item.id })
      expect(await eventually(banks, 200)).toBe(200)
      await t.app.db.update(users).set({ status: 0 }).where(eq(users.id, user.id))
      expect(await eventually(banks, 401)).toBe(401)
    } finally {
      await other.close()
    }
  })
})
