import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { openRedis, type RedisLog } from './redis'
import { databaseCounter, redisCounter, type SharedCounter } from './shared-counter'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether something listens at the Redis address (tests of the Redis counter are skipped without it). */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const uniqueKey = () => `test:${Date.now()}:${Math.random()}`

/** A logger that keeps its lines. */
function keptLog() {
  const lines: string[] = []
  const log: RedisLog = {
    warn: (_details, message) => lines.push(`warn ${message}`),
    info: (_details, message) => lines.push(`info ${message}`),
  }
  return { lines, log }
}

/** A client of `openRedis`, once connected. */
async function connected(url: string, log = keptLog().log): Promise<Redis> {
  const redis = openRedis(url, log, 'test counts')
  if (redis.status !== 'ready') await once(redis, 'ready')
  return redis
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'])
    return true
  } catch {
    return false
  }
}

/** A Redis server of this test's own on `port`, answering once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  )
  for (let i = 0; i < 100 && !(await reachable(`redis://127.0.0.1:${port}`)); i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  return child
}

async function countsAndWaits(counter: SharedCounter) {
  const key = uniqueKey()
  expect(await counter.take(key, 2, 400)).toBe(0)
  expect(await counter.take(key, 2, 400)).toBe(0)
  expect(await counter.take(key, 2, 400)).toBe(1)
  expect(await counter.take(uniqueKey(), 2, 400)).toBe(0)
  await new Promise((resolve) => setTimeout(resolve, 450))
  expect(await counter.take(key, 2, 400)).toBe(0)
}

describe('shared counters', () => {
  it('count in the database per key and window, and start again once the window has ended', async () => {
    await countsAndWaits(databaseCounter(t.app.db))
  })

  it('count in Redis, shared with every process using it', async () => {
    if (!(await reachable(REDIS_URL))) return
    const fallback = databaseCounter(t.app.db)
    const first = redisCounter(await connected(REDIS_URL), fallback)
    const second = redisCounter(await connected(REDIS_URL), fallback)
    try {
      await countsAndWaits(first)
      const key = uniqueKey()
      expect(await first.take(key, 1, 60_000)).toBe(0)
      expect(await second.take(key, 1, 60_000)).toBe(60)
      // Counted in Redis, not in the database.
      expect(await fallback.take(key, 1, 60_000)).toBe(0)
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('count in the database at once while Redis is out of reach, and log the outage once', async () => {
    const { lines, log } = keptLog()
    const counter = redisCounter(
      openRedis(`redis://127.0.0.1:${await closedPort()}`, log, 'test counts'),
      databaseCounter(t.app.db),
    )
    try {
      const key = uniqueKey()
      const started = performance.now()
      expect(await counter.take(key, 1, 60_000)).toBe(0)
      expect(await counter.take(key, 1, 60_000)).toBe(60)
      expect(await counter.take(key, 1, 60_000)).toBe(60)
      // No waiting for reconnections (a queued command waited up to 5 s).
      expect(performance.now() - started).toBeLessThan(1500)
      expect(await databaseCounter(t.app.db).take(key, 1, 60_000)).toBe(60)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(lines).toEqual(['warn Redis out of reach: test counts in PostgreSQL meanwhile'])
    } finally {
      await counter.close()
    }
  })

  it.skipIf(!hasRedisServer())(
    'keep counting when Redis goes away mid-way, and use it again once it is back',
    async () => {
      const port = await closedPort()
      let server = await startRedis(port)
      const { lines, log } = keptLog()
      const counter = redisCounter(
        await connected(`redis://127.0.0.1:${port}`, log),
        databaseCounter(t.app.db),
      )
      try {
        const inRedis = uniqueKey()
        expect(await counter.take(inRedis, 1, 60_000)).toBe(0)
        server.kill('SIGKILL')
        await once(server, 'exit')
        // Answered all along (from the database once the client knows Redis is gone).
        for (let i = 0; i < 100 && lines.length === 0; i++) {
          await counter.take(uniqueKey(), 1, 60_000)
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        expect(lines).toEqual(['warn Redis out of reach: test counts in PostgreSQL meanwhile'])
        const meanwhile = uniqueKey()
        expect(await counter.take(meanwhile, 1, 60_000)).toBe(0)
        expect(await counter.take(meanwhile, 1, 60_000)).toBe(60)
        expect(await databaseCounter(t.app.db).take(meanwhile, 1, 60_000)).toBe(60)
        server = await startRedis(port)
        for (let i = 0; i < 150 && lines.length === 1; i++)
          await new Promise((resolve) => setTimeout(resolve, 20))
        expect(lines[1]).toBe('info Redis reachable again: test counts in Redis')
        // Redis started empty: the key counts from one again there.
        expect(await counter.take(inRedis, 1, 60_000)).toBe(0)
      } finally {
        await counter.close()
        server.kill('SIGKILL')
      }
    },
  )
})
