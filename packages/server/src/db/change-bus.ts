import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from './client'

/** What a subscriber hears: the payload, or null when messages may have been missed (a lost connection). */
export type ChangeHandler = (payload: string | null) => void

/**
 * Tells every server process on the database that something changed, so that they drop what they
 * cached: PostgreSQL (and PGlite) LISTEN/NOTIFY, heard on each process's one listening connection
 * (never Redis: a message lost with Redis would leave other processes with stale settings, and the
 * messages are too few to weigh on the database). The process that publishes hears its own message at
 * once (not through the database), the others within moments.
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

export function createChangeBus(database: Database): ChangeBus {
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
      const message = JSON.stringify({ o: origin, p: payload } satisfies Envelope)
      await database.db.execute(sql`select pg_notify(${channel}, ${message})`)
    },
    async subscribe(topic, handler) {
      const channel = checkTopic(topic)
      const set = local.get(channel) ?? new Set<ChangeHandler>()
      local.set(channel, set)
      set.add(handler)
      let stop: (() => Promise<void>) | undefined
      try {
        stop = await database.listen(channel, (message) => {
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
    // The listening connection is the database's, closed with it.
    close: async () => undefined,
  }
}
