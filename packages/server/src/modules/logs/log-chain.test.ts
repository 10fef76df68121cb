import { verify } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const TODAY = `from=${day(-1)}&to=${day(1)}`

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  for (let i = 0; i < 3; i++)
    await admin.post('/admin/banks', { name: `Chained ${i}`, full_name: `Chained Bank ${i}` })
})
afterAll(() => t.close())

/** Takes an entry out of the log and answers how to put it back exactly (created_at to the microsecond). */
async function takeOut(id: number) {
  await t.app.db.execute(sql.raw(`create table taken_${id} as select * from logs where id = ${id}`))
  await t.app.db.delete(logs).where(eq(logs.id, id))
  return async () => {
    await t.app.db.execute(sql.raw(`insert into logs select * from taken_${id}`))
    await t.app.db.execute(sql.raw(`drop table taken_${id}`))
  }
}

async function newestEntries(n: number) {
  return t.app.db.select().from(logs).orderBy(desc(logs.chain_seq)).limit(n)
}

describe("the log's hash chain", () => {
  it('gives every entry the next place and the hash of the one before it', async () => {
    const [last, before] = await newestEntries(2)
    expect(last.chain_seq).toBe(Number(before.chain_seq) + 1)
    expect(Buffer.from(last.prev_hash as Uint8Array).equals(Buffer.from(before.hash as Uint8Array))).toBe(
      true,
    )
    expect(last.hash).toHaveLength(32)
  })

  it('verifies a period whose entries are as written', async () => {
    const answer = await admin.get(`/admin/logs/verify?${TODAY}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ ok: true })
    expect(answer.json().checked).toBeGreaterThanOrEqual(3)
  })

  it('stays one unbroken chain under concurrent writers', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.post('/admin/banks', { name: `Parallel ${i}`, full_name: `Parallel Bank ${i}` }),
      ),
    )
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({ ok: true })
    const seqs = (await newestEntries(8)).map((entry) => Number(entry.chain_seq))
    expect(new Set(seqs).size).toBe(8)
    expect(Math.max(...seqs) - Math.min(...seqs)).toBe(7)
  })

  it('chains the many entries of one write (bulk edits), beside single writes, and the head names the last', async () => {
    const banks = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const answer = await admin.post('/admin/banks', { name: `Bulk ${i}`, full_name: `Bulk Bank ${i}` })
        return answer.json().row.id as number
      }),
    )
    const edits = await Promise.all([
      admin.put('/admin/banks/bulk', { ids: banks.slice(0, 3), values: { is_withhold: 1 } }),
      admin.put('/admin/banks/bulk', { ids: banks.slice(3), values: { order: 7 } }),
      admin.post('/admin/banks', { name: 'Beside', full_name: 'Beside Bank' }),
    ])
    expect(edits.map((answer) => answer.statusCode)).toEqual([200, 200, 201])
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({ ok: true })
    const head = await t.app.db.execute(sql`select seq from log_chain_head`)
    const [{ seq }] = (head as unknown as { rows: { seq: string }[] }).rows
    const [newest] = await newestEntries(1)
    expect(Number(seq)).toBe(Number(newest.chain_seq))
  })

  it('names the first entry an UPDATE made straight in the database changed, and passes again once undone', async () => {
    const [, target] = await newestEntries(3)
    await t.app.db.execute(sql`update logs set parameters = '{"name":"forged"}' where id = ${target.id}`)
    const answer = (await admin.get(`/admin/logs/verify?${TODAY}`)).json()
    expect(answer).toMatchObject({
      ok: false,
      broken: { id: target.id, chain_seq: target.chain_seq, reason: 'content' },
    })
    await t.app.db.update(logs).set({ parameters: target.parameters }).where(eq(logs.id, target.id))
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({ ok: true })
  })

  it('finds an entry deleted from the middle, and one rewritten with a hash to match', async () => {
    const [after, gone] = await newestEntries(3)
    const putBack = await takeOut(gone.id)
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({
      ok: false,
      broken: { id: after.id, reason: 'link' },
    })
    await putBack()
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({ ok: true })

    // Whoever rewrites one entry's content and hash still breaks the link of the entry after it.
    await t.app.db.execute(sql`update logs set url = '/forged',
      hash = sha256(prev_hash || log_entry_content(id, menu_id, user_id, app_id, location, ip, parameters, changes,
        return, method, '/forged', resource, record_id, created_at)) where id = ${gone.id}`)
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({
      ok: false,
      broken: { id: after.id, reason: 'link' },
    })
    await t.app.db.update(logs).set({ url: gone.url, hash: gone.hash }).where(eq(logs.id, gone.id))
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({ ok: true })
  })

  it('finds the newest entries cut from the end', async () => {
    const [last] = await newestEntries(1)
    const putBack = await takeOut(last.id)
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({
      ok: false,
      broken: { reason: 'tail', chain_seq: last.chain_seq },
    })
    await putBack()
    expect((await admin.get(`/admin/logs/verify?${TODAY}`)).json()).toMatchObject({ ok: true })
  })

  it('refuses a missing, reversed or too long period with a 422', async () => {
    for (const query of [
      '',
      'from=2026-01-02&to=2026-01-01',
      'from=2024-01-01&to=2026-01-01',
      'from=x&to=y',
    ]) {
      const answer = await admin.get(`/admin/logs/verify?${query}`)
      expect(answer.statusCode).toBe(422)
      expect(answer.json().errors.from).toBeDefined()
    }
  })
})

describe("the period's signed report", () => {
  it('is a CSV in chain order whose Ed25519 signature the published key checks, and no other CSV', async () => {
    for (let i = 0; i < 8; i++)
      await admin.post('/admin/banks', { name: `Reported ${i}`, full_name: `Reported Bank ${i}` })
    const answer = await admin.get(`/admin/logs/report?${TODAY}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toContain('text/csv')
    const lines = answer.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,chain_seq,created_at,user_id,app_id,menu_id,method,url,ip,location,resource,record_id,parameters,changes,prev_hash,hash',
    )
    expect(lines.length).toBeGreaterThan(8)
    const signature = Buffer.from(
      String(answer.headers['x-brokerdesk-signature']).replace('ed25519=', ''),
      'base64',
    )
    const key = (await admin.get('/admin/logs/report/key')).json()
    expect(key).toMatchObject({ algorithm: 'Ed25519' })
    expect(key.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(verify(null, answer.rawPayload, key.public_key, signature)).toBe(true)
    const altered = Buffer.from(answer.body.replace('Chained 1', 'Chained 9'))
    expect(verify(null, altered, key.public_key, signature)).toBe(false)
    // The files a browser downloads: the signature alone and the key as PEM.
    const sig = await admin.get(`/admin/logs/report?${TODAY}&part=signature`)
    expect(sig.rawPayload.equals(signature)).toBe(true)
    expect((await admin.get('/admin/logs/report/key?format=pem')).body).toBe(key.public_key)
  })
})

describe('who may verify and report', () => {
  it('needs their own menu items', async () => {
    const { user } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/logs/list', method: 1 }])
    const clerk = await adminClient(t.app, user.id)
    expect((await clerk.get(`/admin/logs/verify?${TODAY}`)).statusCode).toBe(403)
    expect((await clerk.get(`/admin/logs/report?${TODAY}`)).statusCode).toBe(403)
    expect((await clerk.get('/admin/logs/report/key')).statusCode).toBe(403)
    const { user: auditor } = await insertLimitedAdmin(t.app.db, [
      { url: '/admin/logs/verify', method: 1 },
      { url: '/admin/logs/report', method: 1 },
    ])
    const allowed = await adminClient(t.app, auditor.id)
    expect((await allowed.get(`/admin/logs/verify?${TODAY}`)).statusCode).toBe(200)
    expect((await allowed.get('/admin/logs/report/key')).statusCode).toBe(200)
  })
})
