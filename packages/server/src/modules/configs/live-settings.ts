import { configIsOn } from '@brokerdesk/shared'
import { and, isNull, notInArray } from 'drizzle-orm'
import type { ChangeBus } from '../../db/change-bus'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'
import { SECRET_CONFIG_KEYS } from '../../db/seed/config-defaults'

/** The change-bus topic of the settings: published after every write to them. */
export const SETTINGS_TOPIC = 'configs'

const DEFAULT_RETRY_AFTER = 300

export interface Maintenance {
  on: boolean
  /** Seconds, for the Retry-After header. */
  retryAfter: number
}

/**
 * The settings as this process knows them: read once, kept in memory, and read again after any
 * process on the database changed them (the change bus). Secret settings are never held here.
 */
export interface LiveSettings {
  value(key: string): Promise<string | undefined>
  maintenance(): Promise<Maintenance>
  /** Forget what is held (the next read goes to the database). */
  forget(): void
  /** How many times the settings were read from the database (tests see a change arrive). */
  readonly loads: number
}

/** How long after a failed attempt to listen for changes the next one is made. */
const LISTEN_RETRY_MS = 5000

export async function createLiveSettings(
  db: Db,
  bus: ChangeBus,
): Promise<LiveSettings & { stop(): Promise<void> }> {
  let held: Promise<Map<string, string>> | undefined
  let loads = 0
  // Until this process hears the changes (the database may be out of reach at start), nothing is
  // kept: every read goes to the database, and listening is tried again now and then.
  let stopListening: (() => Promise<void>) | undefined
  let nextAttempt = 0
  let stopped = false
  const listen = async () => {
    if (stopListening || stopped || Date.now() < nextAttempt) return
    nextAttempt = Date.now() + LISTEN_RETRY_MS
    try {
      stopListening = await bus.subscribe(SETTINGS_TOPIC, () => {
        held = undefined
      })
    } catch {
      // not yet: read without keeping
    }
  }
  const load = async () => {
    loads++
    const rows = await db
      .select({ key: configs.key, value: configs.value })
      .from(configs)
      .where(and(isNull(configs.deleted_at), notInArray(configs.key, [...SECRET_CONFIG_KEYS])))
    return new Map(rows.map((row) => [row.key, row.value]))
  }
  const all = async () => {
    await listen()
    if (!stopListening) return load()
    if (!held) {
      const loading = load()
      held = loading
      // A failed read is not kept: the next caller tries again.
      loading.catch(() => {
        if (held === loading) held = undefined
      })
    }
    return held
  }
  await listen()
  return {
    async value(key) {
      return (await all()).get(key)
    },
    async maintenance() {
      const values = await all()
      const seconds = Number(values.get('maintenance_retry_after'))
      return {
        on: configIsOn(values.get('maintenance_mode')),
        retryAfter: Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER,
      }
    },
    forget() {
      held = undefined
    },
    get loads() {
      return loads
    },
    async stop() {
      stopped = true
      await stopListening?.()
    },
  }
}
