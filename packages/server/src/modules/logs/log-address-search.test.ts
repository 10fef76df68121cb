import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs } from '../../db/schema/index'
import { buildFilters } from '../../resource/build-filters'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { logsBinding } from './logs.resource'

let t: TestApp
let admin: AdminClient

const URL = '/api/admin/address-search'
const ADDRESSES = [
  '36.12.5.7',
  '10.136.12.9',
  '8.8.36.12',
  '36.1.2.3',
  '12.36.4.4',
  '192.168.1.10',
  '::ffff:192.168.5.1',
  'fe80::1ff:fe23:4567:890a',
  'FE80::ABCD',
  '2001:db8::1',
  // Not an address, but what the index of address_words() holds for 36.12 too.
  '36x12',
]

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  await t.app.db.insert(logs).values(ADDRESSES.map((ip) => ({ ip, url: URL, method: 'GET' })))
  await t.app.db.insert(logs).values({ ip: '36.12.0.1', url: URL, method: 'GET', deleted_at: new Date() })
})
afterAll(() => t.close())

/** The addresses of the log entries a keyword (or the ip filter) lists. */
const listed = async (query: string) => {
  const response = await admin.get(`/admin/logs/list?per_page=200&${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().data as Array<{ ip: string }>).map((row) => row.ip).sort()
}
const keyword = (text: string) => listed(`keyword=${encodeURIComponent(text)}`)

/** What ILIKE '%text%' over the keyword's columns (place, url, address) finds among the live entries. */
const likeOf = async (text: string) => {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const result = (await t.app.db.execute(sql`
    select ip from logs where deleted_at is null
      and (location ilike ${pattern} or url ilike ${pattern} or ip ilike ${pattern})`)) as unknown as {
    rows: Array<{ ip: string }>
  }
  return result.rows.map((row) => row.ip).sort()
}

describe('a fragment of an address in the log search (issue 22)', () => {
  it('finds the entries whose address holds it: at the start, across a dot in the middle, at the end', async () => {
    expect(await keyword('36.12')).toEqual(['10.136.12.9', '36.12.5.7', '8.8.36.12'])
    expect(await keyword('192.168.')).toEqual(['192.168.1.10', '::ffff:192.168.5.1'])
    expect(await keyword('.5.1')).toEqual(['::ffff:192.168.5.1'])
  })

  it('finds IPv6 fragments in either case', async () => {
    expect(await keyword('fe80::')).toEqual(['FE80::ABCD', 'fe80::1ff:fe23:4567:890a'])
    expect(await keyword('FE80::a')).toEqual(['FE80::ABCD'])
    expect(await keyword('db8::1')).toEqual(['2001:db8::1'])
  })

  it('finds exactly what ILIKE finds over the place, url and address, whatever the fragment', async () => {
    for (const text of [
      '36.12',
      '.12',
      '6.1',
      '1.2.3',
      '::1',
      'ffff:',
      '.10',
      '0.0.1',
      '36x12',
      '127.0.',
      '9.9.9',
    ])
      expect(await keyword(text), text).toEqual(await likeOf(text))
  })

  it('finds the same by the address filter', async () => {
    expect(await listed('ip=36.12')).toEqual(['10.136.12.9', '36.12.5.7', '8.8.36.12'])
  })

  it('is read from the index of address_words(ip), not from the trigrams of its pieces', async () => {
    const where = buildFilters(logsBinding, { keyword: '36.12' }, [])
    // A few rows are cheaper to scan: the plan shows which index the condition can use.
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = (await tx.execute(sql`explain select id from ${logs} where ${where}`)) as unknown as {
        rows: Array<Record<string, string>>
      }
      return result.rows.map((row) => Object.values(row)[0]).join('\n')
    })
    expect(plan).toMatch(/Index Cond: \(translate\(\(?ip\b/)
  })
})
