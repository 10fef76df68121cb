import { methodBitOf, type SearchAnswer } from '@brokerdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { banks, departments, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import {
  insertFirm,
  insertLimitedAdmin,
  insertProduct,
  insertProductParents,
  insertScopedAdmin,
} from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let root: AdminClient
const GET = methodBitOf('GET')

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
})
afterAll(() => t.close())

async function search(client: AdminClient, keyword: string): Promise<SearchAnswer> {
  const response = await client.get(`/admin/search?keyword=${encodeURIComponent(keyword)}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const groupOf = (answer: SearchAnswer, resource: string) => answer.groups.find((g) => g.resource === resource)
const labels = (answer: SearchAnswer, resource: string) => groupOf(answer, resource)?.hits.map((h) => h.label)

async function insertUnit(name: string, margin: number) {
  const [unit] = await t.app.db
    .insert(departments)
    .values({ name, level: 1, left_margin: margin, right_margin: margin + 1 })
    .returning()
  return unit
}

describe('GET /admin/search, the command palette', () => {
  it('finds products by name or number, firms, banks and accounts, each with the path that opens it', async () => {
    const firm = await insertFirm(t.app.db, { name: '瀚海人寿', full_name: '瀚海人寿保险股份有限公司' })
    const parents = { ...(await insertProductParents(t.app.db)), firmId: firm.id }
    const product = await insertProduct(t.app.db, parents, { name: '瀚海安康终身寿险', no: 'HH-2026-001' })
    const [bank] = await t.app.db
      .insert(banks)
      .values({ name: '瀚海银行', full_name: '瀚海商业银行' })
      .returning()
    const [account] = await t.app.db
      .insert(users)
      .values({ uname: 'hanhai_clerk', name: '瀚海职员', status: 1 })
      .returning()

    const answer = await search(root, '瀚海')
    expect(answer.keyword).toBe('瀚海')
    expect(answer.groups.map((g) => g.resource)).toEqual(['products', 'firms', 'users', 'banks'])
    expect(groupOf(answer, 'products')?.hits).toEqual([
      {
        id: product.id,
        label: '瀚海安康终身寿险',
        detail: 'HH-2026-001 · 瀚海人寿',
        path: `/admin/products/${product.id}`,
      },
    ])
    expect(groupOf(answer, 'firms')?.hits[0]).toMatchObject({ id: firm.id, path: `/admin/firms/${firm.id}` })
    expect(groupOf(answer, 'banks')?.hits[0]).toMatchObject({ id: bank.id, label: '瀚海银行' })
    expect(groupOf(answer, 'users')?.hits[0]).toMatchObject({ id: account.id, label: '瀚海职员' })
    expect(groupOf(answer, 'products')).toMatchObject({
      more: false,
      too_broad: false,
      list_path: `/admin/products?keyword=${encodeURIComponent('瀚海')}`,
    })

    // By number, and by one character (the bigram and character indexes answer those).
    expect(labels(await search(root, 'hh-2026-0'), 'products')).toEqual(['瀚海安康终身寿险'])
    expect(labels(await search(root, '瀚'), 'products')).toEqual(['瀚海安康终身寿险'])
    expect((await search(root, 'no such thing anywhere')).groups).toEqual([])
  })

  it('answers five records a group and says more match', async () => {
    const firm = await insertFirm(t.app.db)
    const parents = { ...(await insertProductParents(t.app.db)), firmId: firm.id }
    for (let n = 0; n < 7; n += 1) await insertProduct(t.app.db, parents, { name: `Zephyr plan ${n}` })
    const group = groupOf(await search(root, 'zephyr'), 'products')
    expect(group?.hits).toHaveLength(5)
    expect(group?.more).toBe(true)
  })

  it('answers only the resources whose list the caller holds', async () => {
    await insertFirm(t.app.db, { name: 'Quokka Mutual' })
    const [bank] = await t.app.db.insert(banks).values({ name: 'Quokka Bank' }).returning()
    const { user } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/banks/list', method: GET }])
    const clerk = await adminClient(t.app, user.id)
    const answer = await search(clerk, 'quokka')
    expect(answer.groups.map((g) => g.resource)).toEqual(['banks'])
    expect(groupOf(answer, 'banks')?.hits.map((h) => h.id)).toEqual([bank.id])

    // An administrator holding nothing may ask, and finds nothing.
    const { user: bare } = await insertLimitedAdmin(t.app.db, [])
    expect((await search(await adminClient(t.app, bare.id), 'quokka')).groups).toEqual([])
  })

  it("never answers an account beyond the caller's data scope", async () => {
    const hz = await insertUnit('杭州分公司', 910_001)
    const sh = await insertUnit('上海分公司', 910_003)
    const [near] = await t.app.db
      .insert(users)
      .values({ uname: 'wombat_hz', name: 'Wombat Hangzhou', status: 1, department_id: hz.id })
      .returning()
    await t.app.db
      .insert(users)
      .values({ uname: 'wombat_sh', name: 'Wombat Shanghai', status: 1, department_id: sh.id })
    const scoped = await insertScopedAdmin(t.app.db, { departmentId: hz.id, dataScope: 'unit' })
    const client = await adminClient(t.app, scoped.user.id)
    expect(groupOf(await search(client, 'wombat'), 'users')?.hits.map((h) => h.id)).toEqual([near.id])
    expect(labels(await search(root, 'wombat'), 'users')?.sort()).toEqual([
      'Wombat Hangzhou',
      'Wombat Shanghai',
    ])
  })

  it('refuses a missing, blank or too long keyword with a 422 on keyword', async () => {
    for (const query of [
      '',
      '?keyword=',
      '?keyword=%20%20',
      `?keyword=${'x'.repeat(51)}`,
      '?keyword=a&keyword=b',
    ]) {
      const response = await root.get(`/admin/search${query}`)
      expect(response.statusCode, query).toBe(422)
      expect(Object.keys(response.json().errors), query).toEqual(['keyword'])
    }
    expect((await root.get(`/admin/search?keyword=${'x'.repeat(50)}`)).statusCode).toBe(200)
  })

  it('is for administrators only: 401 without a session, 403 for an account that is not one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/search?keyword=a' })).statusCode).toBe(401)
    const [plain] = await t.app.db
      .insert(users)
      .values({ uname: 'plain_searcher', name: 'Plain', status: 1 })
      .returning()
    const { api } = await loginAs(t.app, plain.id)
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/search?keyword=a', headers: api })
    expect(response.statusCode).toBe(403)
  })
})
