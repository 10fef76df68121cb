import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
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
    const first = redisCounter(REDIS_URL, fallback)
    const second = redisCounter(REDIS_URL, fallback)
    try {
      await countsAndWaits(first)
      const key = uniqueKey()
      expect(await first.take(key, 1, 60_000)).toBe(0)
      expect(await second.take(key, 1, 60_000)).toBe(60)
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('count in the database while Redis is out of reach', async () => {
    const server = net.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    await new Promise((resolve) => server.close(resolve))
    const counter = redisCounter(`redis://127.0.0.1:${port}`, databaseCounter(t.app.db))
    try {
      const key = uniqueKey()
      expect(await counter.take(key, 1, 60_000)).toBe(0)
      expect(await databaseCounter(t.app.db).take(key, 1, 60_000)).toBe(60)
    } finally {
      await counter.close()
    }
  })
})
