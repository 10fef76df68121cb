import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import type { Database } from './client'

/** What a subscriber hears: the payload, or null when messages may have been missed (a lost connection). */
export type ChangeHandler = (payload: string | null) => void

/**
 * Tells every server process on the database that something changed, so that they drop what they
 * cached: PostgreSQL (and PGlite) LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set. The process
 * that publishes hears its own message at once (not through the database), the others within moments.
 */
export interface ChangeBus {
  publish(topic: string, payload?: string): Promise<void>
  /** Answers the function that stops the subscription. */
  subscribe(topic: string, handler: ChangeHandler): Promise<() => Promise<void>>
  close(): Promise<void>
}

const TOPIC = /^[a-z][a-z0-9_]{0,39}$/
/** NOTIFY payloads must stay under 8000 bytes. */
export const MAX_PAYLOAD = 4000
const PREFIX = 'brokerdesk_'

interface Envelope {
  /** The process that published, which does not hear it a second time. */
  o: string
  p: string
}

function checkTopic(topic: string): string {
  if (!TOPIC.test(topic)) throw new Error(`Not a change-bus topic: ${topic}`)
  return `${PREFIX}${topic}`
}

interface Transport {
  send(channel: string, message: string): Promise<void>
  listen(channel: string, deliver: (message: string | null) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

function databaseTransport(database: Database): Transport {
  return {
    async send(channel, message) {
      await database.db.execute(sql`select pg_notify(${channel}, ${message})`)
    },
    listen: (channel, deliver) => database.listen(channel, deliver),
    close: async () => undefined,
  }
}

function redisTransport(url: string): Transport {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 })
  const subscriber = new Redis(url, { lazyConnect: true })
  const listeners = new Map<string, Set<(message: string | null) => void>>()
  // Errors are retried by ioredis; without a listener they would be thrown as unhandled.
  publisher.on('error', () => undefined)
  subscriber.on('error', () => undefined)
  subscriber.on('message', (channel: string, message: string) => {
    for (const deliver of listeners.get(channel) ?? []) deliver(message)
  })
  let connected = false
  // After a reconnection ioredis subscribes again by itself, but messages in between are lost.
  subscriber.on('ready', () => {
    if (connected) for (const set of listeners.values()) for (const deliver of set) deliver(null)
    connected = true
  })
  return {
    async send(channel, message) {
      if (publisher.status === 'wait') await publisher.connect()
      await publisher.publish(channel, message)
    },
    async listen(channel, deliver) {
      if (subscriber.status === 'wait') await subscriber.connect()
      const set = listeners.get(channel) ?? new Set()
      if (set.size === 0) await subscriber.subscribe(channel)
      set.add(deliver)
      listeners.set(channel, set)
      return async () => {
        set.delete(deliver)
        if (set.size === 0) {
          listeners.delete(channel)
          await subscriber.unsubscribe(channel).catch(() => undefined)
        }
      }
    },
    async close() {
      publisher.disconnect()
      subscriber.disconnect()
    },
  }
}

export function createChangeBus(options: { database: Database; redisUrl?: string }): ChangeBus {
  const transport = options.redisUrl ? redisTransport(options.redisUrl) : databaseTransport(options.database)
  const origin = randomUUID()
  const local = new Map<string, Set<ChangeHandler>>()
  const deliverLocally = (channel: string, payload: string | null) => {
    for (const handler of local.get(channel) ?? []) {
      try {
        handler(payload)
      } catch {
        // One subscriber's failure does not keep the message from the others.
      }
    }
  }

  return {
    async publish(topic, payload = '') {
      const channel = checkTopic(topic)
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error('Change-bus payload too large')
      deliverLocally(channel, payload)
      await transport.send(channel, JSON.stringify({ o: origin, p: payload } satisfies Envelope))
    },
    async subscribe(topic, handler) {
      const channel = checkTopic(topic)
      const set = local.get(channel) ?? new Set<ChangeHandler>()
      local.set(channel, set)
      set.add(handler)
      let stop: (() => Promise<void>) | undefined
      try {
        stop = await transport.listen(channel, (message) => {
          if (message === null) return handler(null)
          let envelope: Envelope
          try {
            envelope = JSON.parse(message) as Envelope
          } catch {
            return
          }
          if (envelope.o !== origin) handler(typeof envelope.p === 'string' ? envelope.p : '')
        })
      } catch (error) {
        set.delete(handler)
        throw error
      }
      return async () => {
        set.delete(handler)
        await stop?.()
      }
    },
    close: () => transport.close(),
  }
}
