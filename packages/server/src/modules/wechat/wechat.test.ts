import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { cacheEntries } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { signJsapi } from './sign-jsapi'

/** An HTTP stand-in of the WeChat API: counts its calls; `refuse` makes the ticket call fail once. */
function startWechatStandIn() {
  const calls = { token: 0, ticket: 0 }
  const state = { refuseTicket: false, tokens: 0 }
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    response.setHeader('content-type', 'application/json')
    if (url.pathname === '/cgi-bin/token') {
      calls.token += 1
      const good =
        url.searchParams.get('appid') === 'wx-app' && url.searchParams.get('secret') === 'wx-secret'
      state.tokens += 1
      response.end(
        JSON.stringify(
          good
            ? { access_token: `token-${state.tokens}`, expires_in: 7200 }
            : { errcode: 40125, errmsg: 'invalid appsecret' },
        ),
      )
      return
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      calls.ticket += 1
      if (state.refuseTicket) {
        state.refuseTicket = false
        response.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }))
        return
      }
      const token = url.searchParams.get('access_token')
      response.end(
        JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: `ticket-for-${token}`, expires_in: 7200 }),
      )
      return
    }
    response.statusCode = 404
    response.end('{}')
  })
  return new Promise<{ url: string; calls: typeof calls; state: typeof state; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo
        resolve({
          url: `http://127.0.0.1:${port}`,
          calls,
          state,
          close: () => new Promise((done) => server.close(() => done())),
        })
      })
    },
  )
}

let standIn: Awaited<ReturnType<typeof startWechatStandIn>>
let t: TestApp
/** A second server process on the same database. */
let other: FastifyInstance

beforeAll(async () => {
  standIn = await startWechatStandIn()
  const env = { WECHAT_APPID: 'wx-app', WECHAT_SECRET: 'wx-secret', WECHAT_API_URL: standIn.url }
  t = await createTestApp({ env })
  other = await buildApp({
    config: loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, ...env }),
    database: t.database,
    serveWeb: false,
  })
})
afterAll(async () => {
  await other?.close()
  await t?.close()
  await standIn?.close()
})
beforeEach(async () => {
  await t.app.db.delete(cacheEntries)
  standIn.calls.token = 0
  standIn.calls.ticket = 0
})

const ask = (app: FastifyInstance, url: string, language?: string) =>
  app.inject({
    method: 'GET',
    url: `/web-api/open/wx-config?url=${encodeURIComponent(url)}`,
    headers: language ? { language } : {},
  })

describe('GET /open/wx-config', () => {
  it('signs the page address without its fragment with SHA1 over the jsapi ticket, and gives the share data', async () => {
    const answer = await ask(t.app, 'https://broker.example/open/index?from=1#features', 'en')
    expect(answer.statusCode, answer.body).toBe(200)
    const { wxconfig, show } = answer.json()
    expect(wxconfig).toMatchObject({ appId: 'wx-app', nonceStr: expect.stringMatching(/^[A-Za-z0-9]{16}$/) })
    expect(Math.abs(wxconfig.timestamp - Date.now() / 1000)).toBeLessThan(60)
    expect(wxconfig.signature).toBe(
      signJsapi({
        ticket: 'ticket-for-token-1',
        nonceStr: wxconfig.nonceStr,
        timestamp: wxconfig.timestamp,
        url: 'https://broker.example/open/index?from=1',
      }),
    )
    expect(show).toEqual({
      title: 'Brokerdesk',
      desc: 'Back office of an insurance brokerage',
      link: 'https://broker.example/open/index?from=1',
      imgUrl: 'https://broker.example/favicon.svg',
    })
    const zh = await ask(t.app, 'https://broker.example/open/index', 'zh-CN')
    expect(zh.json().show.desc).toBe('保险经纪公司的业务管理后台')
  })

  it('fetches the token and ticket once for every server process, until they expire', async () => {
    await ask(t.app, 'https://broker.example/a')
    await ask(other, 'https://broker.example/b')
    await ask(t.app, 'https://broker.example/c')
    expect(standIn.calls).toEqual({ token: 1, ticket: 1 })

    await t.app.db.update(cacheEntries).set({ expires_at: sql`now() - interval '1 second'` })
    expect((await ask(other, 'https://broker.example/d')).statusCode).toBe(200)
    expect(standIn.calls).toEqual({ token: 2, ticket: 2 })
  })

  it('answers 502 when WeChat refuses, and gets a fresh token on the next try', async () => {
    standIn.state.refuseTicket = true
    const refused = await ask(t.app, 'https://broker.example/a')
    expect(refused.statusCode).toBe(502)
    expect(refused.json().message).not.toContain('credential')
    const next = await ask(t.app, 'https://broker.example/a')
    expect(next.statusCode).toBe(200)
    expect(standIn.calls).toEqual({ token: 2, ticket: 2 })
  })

  it('refuses an address that is not http(s)', async () => {
    for (const url of ['', 'javascript:alert(1)', 'broker.example/a']) {
      const answer = await ask(t.app, url)
      expect(answer.statusCode, url).toBe(422)
      expect(Object.keys(answer.json().errors)).toEqual(['url'])
    }
    expect(standIn.calls).toEqual({ token: 0, ticket: 0 })
  })
})

describe('WeChat settings', () => {
  it('need the secret with the appid, and answer 404 when sharing is not configured', async () => {
    expect(() => loadConfig({ WECHAT_APPID: 'wx-app' })).toThrow(/WECHAT_SECRET/)
    const plain = await buildApp({
      config: loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir }),
      database: t.database,
      serveWeb: false,
    })
    try {
      const answer = await ask(plain, 'https://broker.example/a')
      expect(answer.statusCode).toBe(404)
      expect(answer.json().message).toBe('未配置微信分享')
    } finally {
      await plain.close()
    }
  })
})
