import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cacheEntries, configs, users } from '../../db/schema/index'
import { databaseCounter } from '../../db/shared-counter'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { SearchLimit } from './search-limit'

/** An HTTP stand-in of AMap's place search (v3/place/text): knows the key `amap-server-key`. */
function startAmapStandIn() {
  const seen: URLSearchParams[] = []
  const state = { fail: false }
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    response.setHeader('content-type', 'application/json')
    if (url.pathname !== '/v3/place/text') {
      response.statusCode = 404
      response.end('{}')
      return
    }
    seen.push(url.searchParams)
    if (state.fail) {
      response.statusCode = 500
      response.end('oops')
      return
    }
    if (url.searchParams.get('key') !== 'amap-server-key') {
      response.end(JSON.stringify({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' }))
      return
    }
    const words = url.searchParams.get('keywords') ?? ''
    response.end(
      JSON.stringify({
        status: '1',
        info: 'OK',
        count: '2',
        pois: [
          {
            id: 'B000A83M61',
            name: `${words} Tower`,
            address: '1 Century Avenue',
            location: '121.506377,31.245105',
            pname: 'Shanghai',
            cityname: 'Shanghai',
            adname: 'Pudong',
          },
          { id: 'bad', name: 'No location', address: [], location: [] },
        ],
      }),
    )
  })
  return new Promise<{
    url: string
    seen: URLSearchParams[]
    state: typeof state
    close: () => Promise<void>
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        seen,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}

let standIn: Awaited<ReturnType<typeof startAmapStandIn>>
let t: TestApp
let admin: AdminClient
let userHeaders: Record<string, string>

const setSetting = (key: string, value: string) =>
  t.app.db.update(configs).set({ value }).where(eq(configs.key, key))

beforeAll(async () => {
  standIn = await startAmapStandIn()
  t = await createTestApp({ env: { AMAP_API_URL: standIn.url } })
  admin = await adminClient(t.app)
  const [user] = await t.app.db
    .insert(users)
    .values({ uname: 'mapuser', password: 'x', name: 'Map user' })
    .returning({ id: users.id })
  userHeaders = { ...(await loginAs(t.app, user.id)).api, language: 'en' }
})
afterAll(async () => {
  await t?.close()
  await standIn?.close()
})
beforeEach(async () => {
  await t.app.db.delete(cacheEntries)
  await setSetting('amap_server_key', 'amap-server-key')
  standIn.state.fail = false
  standIn.seen.length = 0
})

const search = (query: string, headers: Record<string, string> = userHeaders) =>
  t.app.inject({ method: 'GET', url: `/api/home/map/search-amap?${query}`, headers })

describe('GET /home/map/search-amap', () => {
  it("searches AMap with the server's key, answers places and caches the answer", async () => {
    const answer = await search('keywords=Jinmao&city=Shanghai')
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({
      places: [
        {
          id: 'B000A83M61',
          name: 'Jinmao Tower',
          address: 'Shanghai Pudong 1 Century Avenue',
          lng: 121.506377,
          lat: 31.245105,
        },
      ],
      cached: false,
    })
    expect(standIn.seen[0].get('key')).toBe('amap-server-key')
    expect(standIn.seen[0].get('city')).toBe('Shanghai')
    expect(answer.body).not.toContain('amap-server-key')
    const again = await search('keywords=jinmao&city=shanghai')
    expect(again.json().cached).toBe(true)
    expect(standIn.seen).toHaveLength(1)
  })

  it('needs a login, and refuses empty or long keywords with 422', async () => {
    expect((await search('keywords=x', {})).statusCode).toBe(401)
    for (const query of ['', 'keywords=', 'keywords=%20%20', `keywords=${'a'.repeat(81)}`]) {
      const answer = await search(query)
      expect(answer.statusCode, query).toBe(422)
      expect(Object.keys(answer.json().errors)).toEqual(['keywords'])
    }
    expect(standIn.seen).toHaveLength(0)
  })

  it('answers 404 without a server key and 502 when AMap fails or refuses, caching nothing', async () => {
    await setSetting('amap_server_key', '')
    const none = await search('keywords=Bund')
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe('The map search is not configured (no AMap server key)')
    await setSetting('amap_server_key', 'wrong-key')
    expect((await search('keywords=Bund')).statusCode).toBe(502)
    await setSetting('amap_server_key', 'amap-server-key')
    standIn.state.fail = true
    const failed = await search('keywords=Bund')
    expect(failed.statusCode).toBe(502)
    expect(failed.json().message).toBe(
      'The map search service is not available at the moment, please try again later',
    )
    expect(await t.app.db.select().from(cacheEntries).where(like(cacheEntries.key, 'amap:%'))).toHaveLength(0)
  })
})

describe('GET /home/map/config', () => {
  it('tells the provider, the browser key and whether the server searches, never the server key', async () => {
    await setSetting('map_provider', 'baidu')
    await setSetting('map_browser_key', 'browser-key')
    const answer = await t.app.inject({ method: 'GET', url: '/api/home/map/config', headers: userHeaders })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().map).toEqual({
      provider: 'baidu',
      key: 'browser-key',
      security_code: '',
      scale: 19,
      search: true,
    })
    expect(answer.body).not.toContain('amap-server-key')
    await setSetting('map_provider', 'amap')
    await setSetting('map_browser_key', '')
    await setSetting('amap_server_key', '')
    const bare = await t.app.inject({ method: 'GET', url: '/api/home/map/config', headers: userHeaders })
    expect(bare.json().map).toEqual({
      provider: 'amap',
      key: '',
      security_code: '',
      scale: 20,
      search: false,
    })
  })

  it('keeps the server key setting from administrators other than the super administrator', async () => {
    const list = await admin.get('/admin/configs/list?key=amap_server_key')
    expect(list.json().data.map((row: { key: string }) => row.key)).toEqual(['amap_server_key'])
    const [row] = await t.app.db
      .select({ id: configs.id })
      .from(configs)
      .where(and(eq(configs.key, 'amap_server_key')))
    expect(row.id).toBeGreaterThan(0)
  })
})

describe('SearchLimit', () => {
  it('allows a number of searches per user and window, counted for every process, then tells how long to wait', async () => {
    const limit = new SearchLimit(t.app.sharedCounter, 2, 60_000)
    const other = new SearchLimit(databaseCounter(t.app.db), 2, 60_000)
    const user = 900_000 + Math.floor(Math.random() * 90_000)
    expect(await limit.take(user)).toBe(0)
    expect(await other.take(user)).toBe(0)
    expect(await limit.take(user)).toBeGreaterThanOrEqual(59)
    expect(await limit.take(user + 1)).toBe(0)
  })
})
