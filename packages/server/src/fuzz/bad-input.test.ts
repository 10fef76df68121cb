import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { RESOURCES } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentSystems } from '../db/schema/index'
import {
  insertFirm,
  insertLimitedAdmin,
  insertProduct,
  insertProductParents,
} from '../resource/testing/factories'
import { loginAs } from '../testing/login-as'
import { listRoutes } from '../testing/route-table'
import { createTestApp, type TestApp } from '../testing/test-app'
import {
  type ApiDocument,
  anonymousRequestsFor,
  type BadRequest,
  badRequestsFor,
  seededRandom,
} from './bad-inputs'

/**
 * Bad input for every /api route of the route table (the /web-api ones run the same handlers):
 * the open routes as an anonymous visitor, the others as the super administrator, and anonymously
 * with bodies only the parser sees, a test per part of the API. No answer may be a 5xx, and the
 * server must still answer afterwards. APP_ENV=local, so the local-only routes (menu writes) are reached too. A route added
 * later is covered without a new test. FUZZ_SEED=<n> runs other cases.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_909)
const CONCURRENCY = 8

let admin: { authorization: string }

/** A live record of each resource other than the super administrator's own, for updates to reach their validation. */
async function findGoodIds(): Promise<Record<string, string>> {
  const firm = await insertFirm(app.db)
  await insertProduct(app.db, { ...(await insertProductParents(app.db)), firmId: firm.id })
  await insertLimitedAdmin(app.db, [])
  await app.db.insert(agentSystems).values({ name: 'Fuzz agent', full_name: 'Fuzz agent system' })
  const ids: Record<string, string> = {}
  for (const name of Object.keys(RESOURCES)) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/${name}/list?per_page=200&sort=-id`,
      headers: admin,
    })
    const rows = response.statusCode === 200 ? (response.json().data as { id?: number }[]) : []
    ids[name] = String(rows.map((row) => row.id ?? 0).find((id) => id > 1) ?? 1)
  }
  return ids
}

async function inPool<T>(tasks: (() => Promise<T>)[], size: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await tasks[index]()
    }
  }
  await Promise.all(Array.from({ length: size }, worker))
  return results
}

async function send(request: BadRequest, headers: Record<string, string>): Promise<number> {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
  return response.statusCode
}

/** The part of the API a route belongs to: `open`, `home`, or the admin resource or area (`admin/products`). */
function groupOf(url: string): string {
  const [, area, name] = url.split('/').slice(1)
  return area === 'admin' && name ? `admin/${name}` : area
}

/** A seed per group, so each group's cases stay the same whichever groups run. */
function seedOf(group: string): number {
  let hash = SEED
  for (const char of group) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619)
  return hash >>> 0
}

/**
 * A stand-in for the outside services a fuzzed setting can switch on (an AMap key turns the place
 * search on): it finds nothing, so a well-formed request is answered and nothing leaves the machine.
 */
const outside = http.createServer((_request, response) => {
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ status: '1', pois: [] }))
})
await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve))
const outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`

// The app is made while the file is collected, so each part of the API is a test of its own.
const t: TestApp = await createTestApp({ env: { APP_ENV: 'local', AMAP_API_URL: outsideUrl } })
const app: FastifyInstance = t.app
const routes = listRoutes(app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
const groups = [...new Set(routes.map((route) => groupOf(route.url)))].sort()

describe('bad input on every route', () => {
  let goodIds: Record<string, string>
  let document: ApiDocument

  beforeAll(async () => {
    admin = (await loginAs(app, 1)).api
    goodIds = await findGoodIds()
    document = app.swagger() as unknown as ApiDocument
  })
  afterAll(async () => {
    await t.close()
    outside.close()
  })

  it('covers the whole route table', () => {
    expect(routes.length).toBeGreaterThan(90)
    expect(groups).toContain('admin/products')
  })

  it.each(groups)('answers bad requests to /api/%s with a 4xx, never a 5xx', async (group) => {
    const random = seededRandom(seedOf(group))
    const cases: { request: BadRequest; anonymous: boolean }[] = []
    for (const route of routes.filter((r) => groupOf(r.url) === group)) {
      const resource = /\/admin\/([^/]+)/.exec(route.url)?.[1] ?? ''
      const requests = badRequestsFor(route, document, goodIds[resource] ?? '1', random)
      if (group === 'open') {
        cases.push(...requests.map((request) => ({ request, anonymous: true })))
      } else {
        cases.push(...requests.map((request) => ({ request, anonymous: false })))
        cases.push(...anonymousRequestsFor(route).map((request) => ({ request, anonymous: true })))
      }
    }
    const statuses = await inPool(
      cases.map((c) => () => send(c.request, c.anonymous ? {} : admin)),
      CONCURRENCY,
    )
    const failures = cases
      .map((c, i) => ({ ...c, status: statuses[i] }))
      .filter((c) => c.status >= 500)
      .map(
        (c) =>
          `${c.status} ${c.request.method} ${c.request.url.slice(0, 100)} ${c.anonymous ? 'anonymous' : 'admin'}: ${c.request.label} (seed ${SEED})`,
      )
    expect(failures).toEqual([])
  })

  it('still answers after all of it', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    const list = await app.inject({ method: 'GET', url: '/api/admin/banks/list', headers: admin })
    expect(list.statusCode).toBe(200)
  })
})
