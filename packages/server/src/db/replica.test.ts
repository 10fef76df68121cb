import { describe, expect, it } from 'vitest'
import type { Db } from './client'
import { lsnBytes, type ReplicaStatus, watchReplica } from './replica'

/** A stand-in database answering the watcher's statements from `state` (or failing when `down`). */
function fakeDb(answer: () => Record<string, unknown>): Db {
  return { execute: async () => ({ rows: [answer()] }) } as unknown as Db
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 30))

describe('the read replica', () => {
  it('reads a write-ahead-log position as bytes', () => {
    expect(lsnBytes('0/16')).toBe(22n)
    expect(lsnBytes('1/0')).toBe(4294967296n)
  })

  it('takes reads while level, sends a caller whose write it lacks to the primary, and falls back when down or late', async () => {
    const at = { primary: '0/100', replica: '0/100', down: false }
    const primary = fakeDb(() => ({ lsn: at.primary }))
    const replica = {
      execute: async () => {
        if (at.down) throw new Error('connection refused')
        return { rows: [{ lsn: at.replica, recovery: true }] }
      },
    } as unknown as Db
    const changes: ReplicaStatus['state'][] = []
    const watched = watchReplica({
      primary,
      replica,
      maxLagMs: 50,
      checkMs: 10,
    })
    watched.onChange((status) => changes.push(status.state))
    try {
      await tick()
      expect(watched.status()).toMatchObject({ state: 'ok', lag_ms: 0, lag_bytes: 0 })
      expect(watched.reader()).toBe(replica)
      // Read-your-writes: a caller who wrote at 0/200 reads the primary until the replica has it.
      expect(watched.reader('0/200')).toBe(primary)
      expect(watched.reader('not a position')).toBe(replica)
      at.primary = '0/200'
      await tick()
      expect(watched.status().lag_bytes).toBe(256)
      await new Promise((resolve) => setTimeout(resolve, 80))
      expect(watched.status().state).toBe('late')
      expect(watched.reader()).toBe(primary)
      at.replica = '0/200'
      await tick()
      expect(watched.status()).toMatchObject({ state: 'ok', lag_ms: 0 })
      expect(watched.reader('0/200')).toBe(replica)
      at.down = true
      await tick()
      expect(watched.status().state).toBe('down')
      expect(watched.reader()).toBe(primary)
      expect(changes).toEqual(['ok', 'late', 'ok', 'down'])
    } finally {
      watched.stop()
    }
  })

  it('runs a read again on the primary when the replica fails it, and counts an unreachable replica down', async () => {
    const primary = { name: 'primary' } as unknown as Db
    const replica = { name: 'replica' } as unknown as Db
    const at = { replica: '0/100' as string | null }
    const watched = watchReplica({
      primary,
      replica,
      maxLagMs: 1000,
      checkMs: 60_000,
      probe: async () => ({ primary: '0/100', replica: at.replica }),
    })
    const changes: ReplicaStatus['state'][] = []
    watched.onChange((status) => changes.push(status.state))
    try {
      await tick()
      const used: string[] = []
      const failOn = (failing: Db, error: unknown) => async (db: Db) => {
        used.push((db as unknown as { name: string }).name)
        if (db === failing) throw error
        return 'rows'
      }
      // An anonymous read on a replica that works: once, there.
      expect(await watched.read(undefined, failOn(primary, new Error('not here')))).toBe('rows')
      expect(used.splice(0)).toEqual(['replica'])
      // A bad request is not run twice.
      await expect(watched.read(undefined, failOn(replica, new Error('invalid')))).rejects.toThrow('invalid')
      expect(used.splice(0)).toEqual(['replica'])
      // A conflict with recovery: again on the primary, the replica still in use.
      const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), {
        code: '40001',
      })
      expect(await watched.read(undefined, failOn(replica, conflict))).toBe('rows')
      expect(used.splice(0)).toEqual(['replica', 'primary'])
      expect(watched.status().state).toBe('ok')
      // Out of reach (drizzle wraps the driver's error): again on the primary, and down from now on.
      const refused = new Error('Failed query', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      })
      expect(await watched.read(undefined, failOn(replica, refused))).toBe('rows')
      expect(used.splice(0)).toEqual(['replica', 'primary'])
      expect(watched.status().state).toBe('down')
      expect(changes).toEqual(['ok', 'down'])
      expect(await watched.read(undefined, failOn(replica, refused))).toBe('rows')
      expect(used.splice(0)).toEqual(['primary'])
    } finally {
      watched.stop()
    }
  })
})
