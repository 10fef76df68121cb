import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { type AdminClient, adminClient } from './testing/admin-client'
import { insertFirm, insertProduct, insertProductParents } from './testing/factories'

let t: TestApp
let admin: AdminClient
const ids: Record<string, number> = {}
let fillerFirmId = 0

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  const db = t.app.db
  const parents = await insertProductParents(db)
  const firmA = await insertFirm(db, { type: 1 })
  const firmB = await insertFirm(db, { type: 2 })
  const filler = await insertFirm(db, { type: 3 })
  fillerFirmId = filler.id
  const make = (firmId: number, values: Parameters<typeof insertProduct>[2]) =>
    insertProduct(db, { ...parents, firmId }, values)
  ids.alpha = (
    await make(firmA.id, {
      name: 'Alpha Life',
      status: 1,
      pay_type: 1,
      uid: 'U-1',
      issue_at: new Date('2024-01-10T08:00:00Z'),
    })
  ).id
  ids.beta = (
    await make(firmA.id, {
      name: 'Beta Health',
      status: 0,
      pay_type: 6,
      is_long_time: 0,
      issue_at: new Date('2024-02-10T20:00:00Z'),
    })
  ).id
  ids.gamma = (
    await make(firmB.id, {
      name: 'Gamma 100%',
      status: 2,
      pay_type: 4,
      no: 'N_1',
      issue_at: new Date('2024-03-10T08:00:00Z'),
    })
  ).id
  ids.deleted = (await make(firmB.id, { name: 'Delta', status: 1, deleted_at: new Date() })).id
  for (let i = 0; i < 30; i++) await make(filler.id, { name: `Filler ${i}`, status: 1 })
  ids.firmA = firmA.id
  ids.firmB = firmB.id
})
afterAll(() => t.close())

const names = async (query: string) => {
  const response = await admin.get(`/admin/products/list?per_page=200&${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().data as { name: string }[])
    .map((row) => row.name)
    .filter((n) => !n.startsWith('Filler'))
}

describe('list filters', () => {
  it('filters by equality and excludes deleted rows', async () => {
    expect(await names('is_long_time=0')).toEqual(['Beta Health'])
    expect(await names(`firm_id=${ids.firmB}`)).toEqual(['Gamma 100%'])
  })

  it('matches "like" filters case-insensitively, with % and _ taken literally', async () => {
    expect(await names('name=beta')).toEqual(['Beta Health'])
    expect(await names('name=100%25')).toEqual(['Gamma 100%'])
    expect(await names('no=N_1')).toEqual(['Gamma 100%'])
    expect(await names('no=N%1')).toEqual([])
  })

  it('reads "between" ranges with open ends, a date-only upper bound including that day', async () => {
    expect(await names('issue_at=2024-01-01,2024-02-10&sort=issue_at')).toEqual(['Alpha Life', 'Beta Health'])
    expect(await names('issue_at=2024-03-01,')).toEqual(['Gamma 100%'])
    expect(await names('issue_at=,2024-01-31')).toEqual(['Alpha Life'])
  })

  it('reads "in" lists comma-separated or repeated, and "not-in"', async () => {
    expect(await names('status=0,2&sort=id')).toEqual(['Beta Health', 'Gamma 100%'])
    expect(await names('status=0&status=2&sort=id')).toEqual(['Beta Health', 'Gamma 100%'])
    expect(await names('status_not=1&sort=id')).toEqual(['Beta Health', 'Gamma 100%'])
  })

  it('searches a keyword across several columns (an OR)', async () => {
    expect(await names('keyword=u-1')).toEqual(['Alpha Life'])
    expect(await names('keyword=n_1')).toEqual(['Gamma 100%'])
    expect(await names('keyword=health')).toEqual(['Beta Health'])
  })

  it('matches bitmask filters on any of the bits', async () => {
    expect(await names('pay_type=4&sort=id')).toEqual(['Beta Health', 'Gamma 100%'])
    expect(await names('pay_type=1')).toEqual(['Alpha Life'])
  })

  it('ignores empty filters and answers 422 naming a filter whose value does not fit', async () => {
    expect(await names('status=&keyword=&sort=id')).toEqual(['Alpha Life', 'Beta Health', 'Gamma 100%'])
    const response = await admin.get('/admin/products/list?status=abc&issue_at=yesterday,')
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors).sort()).toEqual(['issue_at', 'status'])
  })
})

describe('filter values the database cannot compare', () => {
  it('are answered with a 422 naming them: integers beyond their column, days that do not exist', async () => {
    const response = await admin.get(
      '/admin/products/list?id=2147483648&status=40000&firm_id=1,-2147483649&issue_at=%2B275760-09-13,&stop_at=2024-02-31,',
    )
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'firm_id',
      'id',
      'issue_at',
      'status',
      'stop_at',
    ])
  })

  it('leave an integer column out of a keyword search when the number does not fit it', async () => {
    const beyond = await admin.get('/admin/areas/list?keyword=2147483648&get_count=1')
    expect(beyond.statusCode).toBe(200)
    expect(beyond.json().total).toBe(0)
    const beijing = (await admin.get('/admin/areas/list?keyword=110000')).json()
    expect(beijing.data.map((row: { id: number }) => row.id)).toContain(110000)
  })
})

describe('list sorting', () => {
  it('sorts by whitelisted fields, descending with a minus', async () => {
    expect(await names('sort=-issue_at&status=0,1,2&issue_at=2024-01-01,')).toEqual([
      'Gamma 100%',
      'Beta Health',
      'Alpha Life',
    ])
  })

  it('refuses a field outside the whitelist with a 422 on sort', async () => {
    const response = await admin.request('GET', '/admin/products/list?sort=-name', undefined)
    expect(response.statusCode).toBe(422)
    expect(response.json().errors.sort[0]).toContain('name')
  })
})

describe('list pagination', () => {
  const page = async (query: string) => {
    const response = await admin.get(`/admin/products/list?firm_id=${fillerFirmId}&${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  it('pages 15 rows by default and counts the total when no page is given', async () => {
    const body = await page('')
    expect(body).toMatchObject({ current_page: 1, per_page: 15, last_page: 2, total: 30 })
    expect(body.data).toHaveLength(15)
  })

  it('counts only when asked once a page is given, and still knows whether more follow', async () => {
    const first = await page('page=1&per_page=10')
    expect(first.total).toBeUndefined()
    expect(first).toMatchObject({ current_page: 1, per_page: 10, last_page: 2 })
    const third = await page('page=3&per_page=10')
    expect(third.data).toHaveLength(10)
    expect(third.last_page).toBe(3)
    expect(await page('page=2&per_page=10&get_count=1')).toMatchObject({ total: 30, last_page: 3 })
  })

  it('pages are disjoint and complete', async () => {
    const seen = new Set<number>()
    for (let p = 1; p <= 3; p++) {
      for (const row of (await page(`page=${p}&per_page=10`)).data) seen.add(row.id)
    }
    expect(seen.size).toBe(30)
  })

  it('caps the page size at 200 and refuses sizes that are not offered', async () => {
    expect((await page('page=1&per_page=5000')).per_page).toBe(200)
    for (const query of ['per_page=7', 'per_page=abc', 'page=0', 'page=-1']) {
      const response = await admin.get(`/admin/products/list?${query}`)
      expect(response.statusCode, query).toBe(422)
    }
  })
})

describe('the tree option of hierarchies', () => {
  it('answers every live node nested under its parent', async () => {
    const response = await admin.get('/admin/classifys/list?tree=1')
    expect(response.statusCode).toBe(200)
    const roots = response.json().data as { name: string; children: { name: string }[] }[]
    const life = roots.find((root) => root.name === '人寿保险')
    expect(life?.children.map((child) => child.name)).toContain('终身寿险')
  })
})
