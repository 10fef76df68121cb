import { methodBitOf } from '@brokerdesk/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupOfMenuUrl, menuUrlOfRoute } from '../../access/route-access'
import {
  adminRole,
  admins,
  apps,
  departments,
  logs,
  menuRole,
  menus,
  roles,
  users,
} from '../../db/schema/index'
import { adminClient } from '../../resource/testing/admin-client'
import { insertScopedAdmin } from '../../resource/testing/factories'
import { listRoutes, type RegisteredRoute } from '../../testing/route-table'
import { createTestApp, csrfSession, type TestApp } from '../../testing/test-app'
import { createSession } from '../auth/sessions'

/**
 * The permission matrix, generated from the route table: every /web-api route (and a sample of
 * /api) × anonymous, ordinary user, admin without the route's item, admin holding only that item,
 * super administrator, a test per part of the route table. A route added later is covered without
 * a new test.
 */

type Actor = 'anonymous' | 'user' | 'admin_without' | 'admin_with_only' | 'super_admin'
const ACTORS: Actor[] = ['anonymous', 'user', 'admin_without', 'admin_with_only', 'super_admin']
type Expect = 'pass' | 401 | 403

/** Routes that end the caller's session are asked anonymously only, so the shared sessions live on. */
const ENDS_SESSION = /\/open\/logout$/
const CONCURRENCY = 12

let csrf: { cookie: string; token: string }

type MenuRow = typeof menus.$inferSelect
let items: MenuRow[]

/**
 * The menu url and method that hold a route: its own, or those its `heldAs` config names (the route
 * table does not carry configs): a record's history is held by its show item, a restore by its
 * update item, a bulk edit by the update item, the signed report's key by the report's item.
 */
function heldOf(route: RegisteredRoute): { url: string; method: string } {
  const url = menuUrlOfRoute(route.url)
  const record = /^(\/admin\/[^/]+\/\{id\})\/(history|restore)$/.exec(url)
  if (record) return { url: record[1], method: record[2] === 'history' ? 'GET' : 'PUT' }
  const bulk = /^(\/admin\/[^/]+)\/bulk$/.exec(url)
  if (bulk && route.method === 'PUT') return { url: `${bulk[1]}/{id}`, method: 'PUT' }
  if (url === '/admin/logs/report/key') return { url: '/admin/logs/report', method: 'GET' }
  return { url, method: route.method }
}

/** The enabled items of a route in this environment, or whether one exists only elsewhere. */
function itemsOf(route: RegisteredRoute, env: string) {
  const { url, method } = heldOf(route)
  const bit = methodBitOf(method)
  const matching = items.filter((m) => m.url === url && (m.method & bit) !== 0 && m.disabled === 0)
  const here = matching.filter((m) => m.env.length === 0 || m.env.includes(env))
  return { matching, here, elsewhere: matching.length > 0 && here.length === 0 }
}

/** Open routes whose handler still needs a login (an upload token must not go to anyone). */
const OPEN_WITH_LOGIN = new Set(['/open/qi-niu/token'])

/** Admin routes every administrator may call (`anyAdministrator`), their answers filtered inside. */
const ANY_ADMINISTRATOR = new Set(['/admin/search'])

function expected(route: RegisteredRoute, actor: Actor, env: string): Expect {
  const group = groupOfMenuUrl(menuUrlOfRoute(route.url))
  if (group === 'open' && OPEN_WITH_LOGIN.has(menuUrlOfRoute(route.url)))
    return actor === 'anonymous' ? 401 : 'pass'
  if (group === undefined || group === 'open') return 'pass'
  if (actor === 'anonymous') return 401
  if (group === 'home') return 'pass'
  if (ANY_ADMINISTRATOR.has(menuUrlOfRoute(route.url))) return actor === 'user' ? 403 : 'pass'
  if (itemsOf(route, env).elsewhere) return 403
  return actor === 'admin_with_only' || actor === 'super_admin' ? 'pass' : 403
}

/** A token for a user, without going through the login form. */
async function tokenOf(userId: number): Promise<string> {
  const { token } = await createSession(app.db, {
    userId,
    remember: false,
    lifetimeMinutes: app.config.sessionLifetime,
    ip: '127.0.0.1',
    userAgent: 'matrix',
  })
  return token
}

let n = 0
/** A back-office user whose one role holds exactly these menu items. */
async function adminHolding(menuIds: number[]): Promise<string> {
  n += 1
  const [user] = await app.db
    .insert(users)
    .values({ uname: `matrix${n}x`, name: `Matrix ${n}`, status: 1 })
    .returning()
  const [role] = await app.db
    .insert(roles)
    .values({ name: `Matrix role ${n}`, parent_id: 1 })
    .returning()
  const [admin] = await app.db.insert(admins).values({ user_id: user.id }).returning()
  await app.db.insert(adminRole).values({ admin_id: admin.id, role_id: role.id })
  if (menuIds.length > 0)
    await app.db.insert(menuRole).values(menuIds.map((menu_id) => ({ role_id: role.id, menu_id })))
  return tokenOf(user.id)
}

function concreteUrl(url: string): string {
  return url.replace(/:id\b/g, '999999').replace(/:\w+/g, 'x').replace(/\*/g, 'x')
}

/** The CSRF token bound to each caller's session (or, without one, to the client id). */
const csrfOfSession = new Map<string, Promise<{ cookie: string; token: string }>>()
function csrfOf(token: string | undefined) {
  if (!token) return Promise.resolve(csrf)
  let found = csrfOfSession.get(token)
  if (!found) {
    found = csrfSession(app, `${csrf.cookie}; Authorization=${token}`).then((bound) => ({
      ...bound,
      cookie: csrf.cookie,
    }))
    csrfOfSession.set(token, found)
  }
  return found
}

async function send(route: RegisteredRoute, token: string | undefined) {
  const web = route.url.startsWith('/web-api/')
  const bound = web ? await csrfOf(token) : csrf
  const headers: Record<string, string> = web
    ? { cookie: `${bound.cookie}${token ? `; Authorization=${token}` : ''}`, 'x-csrf-token': bound.token }
    : token
      ? { authorization: `Bearer ${token}` }
      : {}
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method)
  const response = await app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers,
    ...(write ? { payload: {} } : {}),
  })
  return response.statusCode
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

const matches = (status: number, expect: Expect) =>
  expect === 'pass' ? status !== 401 && status !== 403 : status === expect

/** The part of the route table a route belongs to: `open`, `home`, or the admin resource or area. */
function groupOf(route: RegisteredRoute): string {
  const [mount, area, name] = route.url.split('/').slice(1)
  return `${mount} ${area === 'admin' && name ? `admin/${name}` : area}`
}

// The app is made while the file is collected, so each part of the route table is a test of its own.
const t: TestApp = await createTestApp()
const app: FastifyInstance = t.app
const all = listRoutes(app)
const api = all.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
const routes = [...all.filter((r) => r.url.startsWith('/web-api/')), ...api.filter((_, i) => i % 5 === 0)]
const groups = [...new Set(routes.map(groupOf))].sort()
afterAll(() => t.close())

describe('the permission matrix of every route', () => {
  let tokens: Record<Exclude<Actor, 'admin_with_only'>, string | undefined>
  /** One admin per distinct menu item set, holding only that (local-only items too). */
  const holding = new Map<string, string>()
  const itemKey = (route: RegisteredRoute) =>
    itemsOf(route, app.config.env)
      .matching.map((m) => m.id)
      .join(',')

  beforeAll(async () => {
    csrf = await csrfSession(app)
    // The pages of the plug-ins found are routes as well; installed, their menu items lead to them.
    // Installing is local-only: the app is switched to local for it (the gate reads it per request).
    const admin = await adminClient(app)
    const env = app.config.env
    app.config.env = 'local'
    try {
      for (const plugin of app.plugins.found.filter((found) => found.manifest)) {
        expect((await admin.post('/admin/developments/plugins', { name: plugin.name })).statusCode).toBe(200)
      }
    } finally {
      app.config.env = env
    }
    items = await app.db.select().from(menus).where(isNull(menus.deleted_at))
    const [plain] = await app.db
      .insert(users)
      .values({ uname: 'matrixplain', name: 'Plain', status: 1 })
      .returning()
    tokens = {
      anonymous: undefined,
      user: await tokenOf(plain.id),
      admin_without: await adminHolding([]),
      super_admin: await tokenOf(1),
    }
    for (const route of routes) {
      const key = itemKey(route)
      if (key !== '' && !holding.has(key)) holding.set(key, await adminHolding(key.split(',').map(Number)))
    }
  })

  it('covers the whole route table', () => {
    expect(routes.filter((r) => r.url.startsWith('/web-api/admin/')).length).toBeGreaterThan(80)
    expect(routes).toContainEqual({ method: 'PUT', url: '/web-api/admin/roles/:id/permissions' })
  })

  it.each(groups)('answers %s as its group and menu items say, for each kind of caller', async (group) => {
    const env = app.config.env
    const cases = routes
      .filter((route) => groupOf(route) === group)
      .flatMap((route) =>
        ACTORS.filter((actor) => actor === 'anonymous' || !ENDS_SESSION.test(route.url)).map((actor) => ({
          route,
          actor,
          expect: expected(route, actor, env),
        })),
      )
    const statuses = await inPool(
      cases.map((c) => () => {
        // A route without a menu item (a home route can have none: PATCH has no method bit) is asked by
        // an admin holding nothing; an admin route without one is then refused, as expected() wants it not.
        const token =
          c.actor === 'admin_with_only'
            ? (holding.get(itemKey(c.route)) ?? tokens.admin_without)
            : tokens[c.actor]
        return send(c.route, token)
      }),
      CONCURRENCY,
    )
    const failures = cases
      .map((c, i) => ({ ...c, status: statuses[i] }))
      .filter((c) => !matches(c.status, c.expect))
      .map((c) => `${c.route.method} ${c.route.url} as ${c.actor}: expected ${c.expect}, got ${c.status}`)
    expect(failures).toEqual([])
  })
})

/**
 * The data scope over the same route table: an administrator of one branch whose role holds every
 * menu item (scope `unit_and_below`) asks every admin route, reading and writing, while the records of
 * another branch (an account, its log entry, its app, a back-office user) are the newest. No answer may
 * show them, a record route given one of their ids answers 404, and after every write they are
 * unchanged. A route added later that reads or writes these rows is covered without a new test.
 */
describe('the data scope over every admin route', () => {
  const MARK = 'OutOfScopeMark'
  /** The out-of-scope record of each resource whose rows a scope limits. */
  const outside: Record<string, number> = {}
  let scopedToken: string
  let superToken: string
  const adminRoutes = all.filter((r) => r.url.startsWith('/web-api/admin/'))
  const adminGroups = [...new Set(adminRoutes.map(groupOf))].sort()

  /** The route's url with `:id` as the out-of-scope record of its resource (999999 for others). */
  const urlFor = (route: RegisteredRoute) => {
    const resource = route.url.split('/')[3]
    return concreteUrl(route.url.replace(/:id\b/, String(outside[resource] ?? 999_999)))
  }

  async function ask(route: RegisteredRoute, token: string) {
    const bound = await csrfOf(token)
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method)
    const resource = route.url.split('/')[3]
    const payload =
      route.method === 'DELETE' && outside[resource] ? { ids: [outside[resource]] } : write ? {} : undefined
    return app.inject({
      method: route.method as 'GET',
      url: urlFor(route),
      headers: { cookie: `${bound.cookie}; Authorization=${token}`, 'x-csrf-token': bound.token },
      ...(payload ? { payload } : {}),
    })
  }

  /** What the out-of-scope rows hold now, to compare after every write. */
  const snapshot = async () => ({
    user: await app.db.select().from(users).where(eq(users.id, outside.users)),
    admin: await app.db.select().from(admins).where(eq(admins.id, outside.admins)),
    log: await app.db.select().from(logs).where(eq(logs.user_id, outside.users)),
    app: await app.db.select().from(apps).where(eq(apps.id, outside.apps)),
  })

  beforeAll(async () => {
    csrf ??= await csrfSession(app)
    const [hz] = await app.db
      .insert(departments)
      .values({ name: '杭州分公司', level: 1, left_margin: 900_001, right_margin: 900_002 })
      .returning()
    const [sh] = await app.db
      .insert(departments)
      .values({ name: '上海分公司', level: 1, left_margin: 900_003, right_margin: 900_004 })
      .returning()
    const scoped = await insertScopedAdmin(app.db, { departmentId: hz.id, dataScope: 'unit_and_below' })
    scopedToken = await tokenOf(scoped.user.id)
    superToken = await tokenOf(1)
    const [other] = await app.db
      .insert(users)
      .values({ uname: 'outscope1', name: MARK, status: 1, department_id: sh.id })
      .returning()
    const [otherAdmin] = await app.db
      .insert(admins)
      .values({ user_id: other.id, department_id: sh.id })
      .returning()
    const [otherApp] = await app.db
      .insert(apps)
      .values({ name: MARK, client_id: 'out-of-scope-app', secret_hash: 'x', user_id: other.id })
      .returning()
    await app.db.insert(logs).values({ menu_id: 64, user_id: other.id, ip: '203.0.113.77', location: MARK })
    const [entry] = await app.db.select({ id: logs.id }).from(logs).where(eq(logs.user_id, other.id))
    Object.assign(outside, { users: other.id, admins: otherAdmin.id, apps: otherApp.id, logs: entry.id })
  })

  it('shows the out-of-scope records to the super administrator (the check can fail)', async () => {
    for (const url of ['/web-api/admin/users/list', '/web-api/admin/logs/list', '/web-api/admin/apps/list']) {
      const response = await ask({ method: 'GET', url }, superToken)
      expect(response.body, url).toContain(MARK)
    }
  })

  it.each(adminGroups)('%s never shows them to a scoped administrator, nor changes them', async (group) => {
    const before = await snapshot()
    const asked = adminRoutes.filter((route) => groupOf(route) === group)
    const responses = await inPool(
      asked.map((route) => () => ask(route, scopedToken)),
      CONCURRENCY,
    )
    const failures = asked.flatMap((route, i) => {
      const response = responses[i]
      const resource = route.url.split('/')[3]
      return [
        ...(response.body.includes(MARK) || response.body.includes('203.0.113.77')
          ? [`${route.method} ${route.url} shows an out-of-scope record`]
          : []),
        ...(route.url.endsWith('/:id') && outside[resource] && response.statusCode !== 404
          ? [`${route.method} ${route.url}: expected 404, got ${response.statusCode}`]
          : []),
      ]
    })
    expect(failures).toEqual([])
    const after = await snapshot()
    expect(after).toEqual(before)
    const [live] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, outside.users), isNull(users.deleted_at)))
    expect(live).toBeDefined()
  })
})
