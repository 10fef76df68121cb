import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import type { Database } from '../db/client'
import { seedDatabase } from '../db/seed/index'
import { openTestDatabase } from './test-database'

export const TEST_ADMIN_PASSWORD = 'admin-secret-123'

export interface TestApp {
  app: FastifyInstance
  database: Database
  dataDir: string
  close(): Promise<void>
}

/** One seeded app per test file; `env` overrides environment settings (APP_ENV, PAGE_GRAY, ...). */
export async function createTestApp(
  options: { env?: Record<string, string>; webDist?: string; localControlToken?: string } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-test-'))
  const config = loadConfig({
    APP_ENV: 'testing',
    LOG_LEVEL: 'silent',
    // app.inject comes from 127.0.0.1: tests may act as other visitors through X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  })
  const database = await openTestDatabase({
    seeded: true,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
  })
  if (!database.seeded)
    await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD, env: config.env })
  const app = await buildApp({
    config,
    database,
    serveWeb: Boolean(options.webDist),
    localControlToken: options.localControlToken,
  })
  await app.ready()
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close()
      await database.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The cookies a response set, as a `cookie` request header value. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

/**
 * A client id and a valid CSRF token for writes under /web-api: bound to the session of `cookie`
 * (`Authorization=<token>`) when given, else to the new client id.
 */
export async function csrfSession(
  app: FastifyInstance,
  cookie?: string,
): Promise<{ cookie: string; token: string }> {
  const response = await app.inject({
    method: 'GET',
    url: '/web-api/open/token',
    headers: cookie ? { cookie } : {},
  })
  return { cookie: cookieHeader(response), token: response.json()._token }
}
