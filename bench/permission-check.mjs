// What the permission check adds to an admin request. The server is bundled from its sources with
// esbuild (into packages/server/dist/bench), seeded, and driven through app.inject (no network):
//   1. GET /api/admin/banks/list as an administrator whose one role holds only that item, and as
//      the super administrator: the whole request, authorize included;
//   2. the same request when the process does not keep the caller yet (forgotten before each run):
//      the one statement resolving session, user, roles and the route runs inside it;
//   3. the permission check alone, as a request finds it: the kept caller (requestAuth.resolve), and
//      the one statement (resolveRequestAuth) for a caller not kept; and rolesHoldRoute, the query
//      authorize runs only when the session hook did not decide.
// Median and p95 of BENCH_RUNS runs after a warm-up.
//
//   node bench/permission-check.mjs               PGlite (in memory)
//   BENCH_DB=postgres node bench/permission-check.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): a server where the bench
//     creates, and afterwards drops, its own database
//   BENCH_RUNS (default 300)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bundleServer, openBenchDatabase, timeRuns } from './support.mjs'

const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 300) || 300, 10), 5000)
const which = process.env.BENCH_DB ?? 'pglite'

async function measure(name, run) {
  const result = { name, ...(await timeRuns(run, { warmup: Math.min(30, RUNS), runs: RUNS })) }
  console.log(
    `${name.padEnd(62)} median ${result.median.toFixed(3).padStart(7)} ms   p95 ${result.p95.toFixed(3).padStart(7)} ms`,
  )
  return result
}

const server = await bundleServer([
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { buildApp } from './src/app'",
  "export { loadConfig } from './src/config'",
  "export { createSession, hashToken } from './src/modules/auth/sessions'",
  "export { resolveRequestAuth } from './src/modules/auth/resolve-request-auth'",
  "export { rolesHoldRoute } from './src/modules/permissions/authorize'",
  "export { adminRole, admins, menuRole, menus, roles, users } from './src/db/schema/index'",
])
const { eq } = await import('drizzle-orm')
const { database, drop } = await openBenchDatabase(server.openDatabase, which)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-bench-'))
try {
  await database.migrate()
  const config = server.loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  await server.seedDatabase(database.db, { adminPassword: 'bench-secret-123', env: config.env })
  const app = await server.buildApp({ config, database, serveWeb: false })
  await app.ready()
  const db = database.db

  // A clerk whose one role holds only GET /admin/banks/list.
  const [user] = await db
    .insert(server.users)
    .values({ uname: 'benchclerk', name: 'Bench', status: 1 })
    .returning()
  const [role] = await db.insert(server.roles).values({ name: 'Bench role', parent_id: 1 }).returning()
  const [admin] = await db.insert(server.admins).values({ user_id: user.id }).returning()
  await db.insert(server.adminRole).values({ admin_id: admin.id, role_id: role.id })
  const [item] = await db.select().from(server.menus).where(eq(server.menus.url, '/admin/banks/list'))
  await db.insert(server.menuRole).values({ role_id: role.id, menu_id: item.id })
  const session = async (userId) =>
    (
      await server.createSession(db, {
        userId,
        remember: false,
        lifetimeMinutes: 120,
        ip: '127.0.0.1',
        userAgent: 'bench',
      })
    ).token
  const clerkToken = await session(user.id)
  const superToken = await session(1)
  const route = { url: '/admin/banks/list', method: 'GET', env: 'testing' }
  const list =
    (token, { forget = false } = {}) =>
    async () => {
      if (forget) app.requestAuth.forget(server.hashToken(token))
      const response = await app.inject({
        url: '/api/admin/banks/list',
        headers: { authorization: `Bearer ${token}` },
      })
      if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}`)
    }
  const check = (roleIds) => async () => {
    const allowed = await server.rolesHoldRoute(db, {
      url: '/admin/banks/list',
      method: 'GET',
      env: 'testing',
      roleIds,
    })
    if (!allowed) throw new Error('refused')
  }

  console.log(`${which}, ${RUNS} runs each`)
  const clerkRequest = await measure('request as the clerk holding only the item', list(clerkToken))
  await measure('request as the super administrator', list(superToken))
  const coldRequest = await measure(
    'request as the clerk, caller not kept (one statement)',
    list(clerkToken, { forget: true }),
  )
  const kept = await measure('permission check as kept by the process, the clerk', async () => {
    const { routeHeld } = await app.requestAuth.resolve(server.hashToken(clerkToken), route)
    if (!routeHeld) throw new Error('refused')
  })
  const statement = await measure('permission check in one statement, the clerk', async () => {
    const { routeHeld } = await server.resolveRequestAuth(db, server.hashToken(clerkToken), route)
    if (!routeHeld) throw new Error('refused')
  })
  await measure("rolesHoldRoute alone (authorize's fallback), the clerk", check([role.id]))
  await measure("rolesHoldRoute alone (authorize's fallback), super administrator", check([1]))
  const share = (part, whole) => `${((part.median / whole.median) * 100).toFixed(1)}%`
  console.log(
    `the check is ${share(kept, clerkRequest)} of the clerk's request when the caller is kept, ${share(statement, coldRequest)} when it is not (median); lists write no operation log`,
  )
  await app.close()
} finally {
  await database.close()
  await drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
