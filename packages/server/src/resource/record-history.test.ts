import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firms } from '../db/schema/index'
import { createTestApp, type TestApp } from '../testing/test-app'
import { MASKED } from './record-changes'
import { type AdminClient, adminClient } from './testing/admin-client'
import { insertFirm, insertLimitedAdmin, insertProduct, insertProductParents } from './testing/factories'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

/** A firm made through the API and changed twice: its three log entries. */
async function firmWithHistory() {
  const created = (
    await admin.post('/admin/firms', { name: 'First Name', full_name: 'First Full Name' })
  ).json().row
  await admin.put(`/admin/firms/${created.id}`, { name: 'Second Name' })
  await admin.put(`/admin/firms/${created.id}`, { name: 'Third Name', full_name: 'Third Full Name' })
  const history = (await admin.get(`/admin/firms/${created.id}/history`)).json().data
  return { id: created.id as number, history }
}

describe("a record's history", () => {
  it('lists who changed which fields when, newest first, from the create on', async () => {
    const { history } = await firmWithHistory()
    expect(history).toHaveLength(3)
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['update', 'update', 'create'])
    expect(history[0]).toMatchObject({
      user_id: 1,
      user_name: '管理员',
      changes: {
        name: { before: 'Second Name', after: 'Third Name' },
        full_name: { before: 'First Full Name', after: 'Third Full Name' },
      },
      restored_from: null,
    })
    expect(history[1].changes).toEqual({ name: { before: 'First Name', after: 'Second Name' } })
    expect(Date.parse(history[0].created_at)).not.toBeNaN()
  })

  it("names the operator in the reader's language and masks secrets", async () => {
    const created = (
      await admin.post('/admin/agent-systems', {
        name: 'Portal',
        full_name: 'Portal Ltd',
        password: 'first-pass',
      })
    ).json().row
    await admin.put(`/admin/agent-systems/${created.id}`, { password: 'second-pass' })
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/agent-systems/${created.id}/history`,
      headers: { ...(await adminHeaders()), language: 'en' },
    })
    const [latest] = answer.json().data
    expect(latest.user_name).toBe('Administrator')
    expect(latest.changes.password).toEqual({ before: MASKED, after: MASKED })
    expect(answer.body).not.toMatch(/first-pass|second-pass/)
  })

  it('is 404 for a deleted record or one that never was', async () => {
    const { id } = await firmWithHistory()
    await admin.delete('/admin/firms', { ids: [id] })
    expect((await admin.get(`/admin/firms/${id}/history`)).statusCode).toBe(404)
    expect((await admin.get('/admin/firms/99999999/history')).statusCode).toBe(404)
  })
})

async function adminHeaders() {
  const { loginAs } = await import('../testing/login-as')
  return (await loginAs(t.app, 1)).api
}

describe('restoring a version', () => {
  it('brings back the fields as they were after the chosen entry, logged as an update that says so', async () => {
    const { id, history } = await firmWithHistory()
    const createEntry = history[2]
    const answer = await admin.post(`/admin/firms/${id}/restore`, { log_id: createEntry.id })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().row).toMatchObject({ name: 'First Name', full_name: 'First Full Name' })
    const [restore] = (await admin.get(`/admin/firms/${id}/history`)).json().data
    expect(restore).toMatchObject({
      action: 'update',
      restored_from: createEntry.id,
      changes: {
        name: { before: 'Third Name', after: 'First Name' },
        full_name: { before: 'Third Full Name', after: 'First Full Name' },
      },
    })
    // The version after the first update: only the name changed by then.
    await admin.post(`/admin/firms/${id}/restore`, { log_id: history[1].id })
    expect((await admin.get(`/admin/firms/${id}`)).json().row).toMatchObject({
      name: 'Second Name',
      full_name: 'First Full Name',
    })
  })

  it('is refused with a 422 naming the field when a record the version refers to is gone', async () => {
    const parents = await insertProductParents(t.app.db)
    const oldFirm = await insertFirm(t.app.db)
    const newFirm = await insertFirm(t.app.db)
    const product = await insertProduct(t.app.db, { ...parents, firmId: oldFirm.id })
    await admin.put(`/admin/products/${product.id}`, { name: 'Renamed product' })
    await admin.put(`/admin/products/${product.id}`, { firm_id: newFirm.id })
    const [, renamed] = (await admin.get(`/admin/products/${product.id}/history`)).json().data
    await t.app.db.update(firms).set({ deleted_at: new Date() }).where(eq(firms.id, oldFirm.id))
    const answer = await admin.post(`/admin/products/${product.id}/restore`, { log_id: renamed.id })
    expect(answer.statusCode).toBe(422)
    expect(answer.json().errors.firm_id).toHaveLength(1)
    expect((await admin.get(`/admin/products/${product.id}`)).json().row.firm_id).toBe(newFirm.id)
  })

  it("is refused with a 422 for an entry that is not the record's, or no entry", async () => {
    const first = await firmWithHistory()
    const second = await firmWithHistory()
    for (const logId of [second.history[0].id, 0, 'x', null]) {
      const answer = await admin.post(`/admin/firms/${first.id}/restore`, { log_id: logId })
      expect(answer.statusCode).toBe(422)
      expect(answer.json().errors.log_id).toHaveLength(1)
    }
  })

  it('needs the update permission, history the show permission', async () => {
    const { id, history } = await firmWithHistory()
    const { user: reader } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/firms/{id}', method: 1 }])
    const readOnly = await adminClient(t.app, reader.id)
    expect((await readOnly.get(`/admin/firms/${id}/history`)).statusCode).toBe(200)
    expect((await readOnly.post(`/admin/firms/${id}/restore`, { log_id: history[2].id })).statusCode).toBe(
      403,
    )
    const { user: stranger } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/firms/list', method: 1 }])
    expect((await (await adminClient(t.app, stranger.id)).get(`/admin/firms/${id}/history`)).statusCode).toBe(
      403,
    )
    const { user: editor } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/firms/{id}', method: 1 | 4 }])
    const edits = await adminClient(t.app, editor.id)
    expect((await edits.post(`/admin/firms/${id}/restore`, { log_id: history[2].id })).statusCode).toBe(200)
  })
})
