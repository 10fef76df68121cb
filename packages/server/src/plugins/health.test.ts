import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { type Database, openDatabase } from '../db/client'

/** A local port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

let app: FastifyInstance
let database: Database
let dataDir: string

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-health-'))
  // APP_KEY is given, so building the app needs no query.
  const config = loadConfig({
    APP_ENV: 'testing',
    LOG_LEVEL: 'silent',
    APP_KEY: 'k'.repeat(32),
    DATA_DIR: dataDir,
  })
  database = await openDatabase({
    url: `postgres://postgres@127.0.0.1:${await closedPort()}/brokerdesk`,
    connectTimeoutMs: 1000,
  })
  app = await buildApp({ config, database, serveWeb: false })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('while the database refuses connections', () => {
  it('answers requests with 503, Retry-After and a translated message', async () => {
    const api = await app.inject({
      method: 'GET',
      url: '/api/admin/firms/list',
      headers: { authorization: 'Bearer some-token', language: 'en' },
    })
    expect(api.statusCode).toBe(503)
    expect(api.headers['retry-after']).toBe('5')
    expect(api.json()).toEqual({
      code: 'unavailable',
      message: 'The service is temporarily unavailable, please try again in a moment.',
    })
    const web = await app.inject({ method: 'GET', url: '/web-api/open/menu', headers: { language: 'de' } })
    expect(web.statusCode).toBe(503)
    expect(web.json().message).toContain('vorübergehend nicht verfügbar')
  })

  it('stays alive on /healthz and not ready on /readyz', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok', database: 'postgres' })
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'postgres' })
  })
})
