import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { openDatabase } from './client'
import { insertRows, rawQuery, rawTxQuery, updateRowById } from './raw-query'
import { years } from './schema/index'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('insertRows', () => {
  it('inserts rows with the same keys as arrays, answering their ids in order', async () => {
    const ids = await t.app.db.transaction((tx) =>
      insertRows(tx, years, [
        { name: 'Raw A', value: '1', description: null },
        { name: 'Raw B', value: '2', description: 'two' },
        { name: 'Raw C', value: '3', description: null },
      ]),
    )
    const stored = await t.app.db.select().from(years).where(inArray(years.id, ids))
    expect(ids.map((id) => stored.find((row) => row.id === id)?.name)).toEqual(['Raw A', 'Raw B', 'Raw C'])
    expect(stored.find((row) => row.name === 'Raw B')?.description).toBe('two')
    expect(stored.every((row) => row.created_at instanceof Date)).toBe(true)
  })

  it('stores texts as they were given, whatever an array literal would read in them', async () => {
    const texts = [
      'quote " in it',
      'back\\slash \\"',
      '{braces}, commas',
      'NULL',
      '',
      ' spaced ',
      '保险\u{1F600}',
    ]
    const ids = await t.app.db.transaction((tx) =>
      insertRows(
        tx,
        years,
        texts.map((name, i) => ({ name, value: String(i), description: i % 2 ? null : name })),
      ),
    )
    const stored = await t.app.db.select().from(years).where(inArray(years.id, ids))
    const byId = (id: number) => stored.find((row) => row.id === id)
    expect(ids.map((id) => byId(id)?.name)).toEqual(texts)
    expect(ids.map((id) => byId(id)?.description)).toEqual(texts.map((name, i) => (i % 2 ? null : name)))
  })

  it('gives a row lacking a key the column default (rows with different keys)', async () => {
    const ids = await t.app.db.transaction((tx) =>
      insertRows(tx, years, [{ name: 'Raw D' }, { name: 'Raw E', value: '5', description: 'five' }]),
    )
    const stored = await t.app.db.select().from(years).where(inArray(years.id, ids))
    expect(ids.map((id) => stored.find((row) => row.id === id))).toMatchObject([
      { name: 'Raw D', value: '', description: null },
      { name: 'Raw E', value: '5', description: 'five' },
    ])
  })
})

describe('updateRowById', () => {
  it('sets the given columns and $onUpdate ones, leaves undefined ones, answers the row as drizzle decodes it', async () => {
    const [id] = await t.app.db.transaction((tx) =>
      insertRows(tx, years, [
        { name: 'Raw U', value: '7', description: 'seven', updated_at: new Date('2001-01-01T00:00:00Z') },
      ]),
    )
    const [before] = await t.app.db.select().from(years).where(eq(years.id, id))
    const updated = await t.app.db.transaction((tx) =>
      updateRowById(tx, years, id, { name: 'Raw U2', value: undefined, description: null }),
    )
    const row = updated?.row
    const [stored] = await t.app.db.select().from(years).where(eq(years.id, id))
    expect(row).toEqual(stored)
    expect(stored).toMatchObject({ name: 'Raw U2', value: '7', description: null })
    expect(stored.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime())
    expect(stored.created_at).toEqual(before.created_at)
    // The same columns again (the same statement), and an id no row has.
    const again = await t.app.db.transaction((tx) => updateRowById(tx, years, id, { name: 'Raw U3' }))
    expect(again?.row).toMatchObject({ id, name: 'Raw U3', value: '7' })
    const none = await t.app.db.transaction((tx) => updateRowById(tx, years, 2_000_000_000, { name: 'x' }))
    expect(none).toBeUndefined()
  })
})

describe('rawQuery behind a transaction pooler', () => {
  const preparedOnOneConnection = async (namedStatements: boolean) => {
    const database = await openDatabase({ url: t.database.url, poolMax: 1, namedStatements })
    try {
      const rows = await rawQuery(database.db, 'raw_query_probe', 'select $1::int + 1 as n', [41])
      expect(rows).toEqual([{ n: 42 }])
      // Inside a transaction too (the log entry, an update's locked read, an import's INSERT).
      const inTx = await database.db.transaction((tx) =>
        rawTxQuery(tx, 'raw_tx_query_probe', 'select $1::int + 2 as n', [40]),
      )
      expect(inTx).toEqual([{ n: 42 }])
      const [prepared] = await rawQuery(
        database.db,
        undefined,
        "select count(*)::int as n from pg_prepared_statements where name in ('raw_query_probe', 'raw_tx_query_probe')",
        [],
      )
      return prepared.n
    } finally {
      await database.close()
    }
  }

  it('prepares a named statement once per connection, or sends it unnamed when told to', async () => {
    if (t.database.kind !== 'postgres') return
    expect(await preparedOnOneConnection(true)).toBe(2)
    expect(await preparedOnOneConnection(false)).toBe(0)
  })
})
