import { methodBitOf } from '@brokerdesk/shared'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../db/client'
import { menuRole, menus, sessions, users } from '../../db/schema/index'
import { insertFirm, insertLimitedAdmin } from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const GET = methodBitOf('GET')
const listFirms = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/firms/list?page=1', headers })

/** The firm list's menu item held by the role, or no longer. */
async function dropFirmList(db: typeof t.app.db, roleId: number) {
  const [item] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.url, '/admin/firms/list')))
  await db.delete(menuRole).where(and(eq(menuRole.role_id, roleId), eq(menuRole.menu_id, item.id)))
}

/** Asks until the answer has this status (another process hears a change within moments). */
async function eventually(ask: () => Promise<{ statusCode: number }>, status: number) {
  const until = Date.now() + 3000
  let last = await ask()
  while (last.statusCode !== status && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    last = await ask()
  }
  return last.statusCode
}

describe('the callers a process keeps', () => {
  it('lose a permission an administrator takes away here at the very next request', async () => {
    const { user, role } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/firms/list', method: GET }])
    const clerk = await loginAs(t.app, user.id)
    expect((await listFirms(clerk.api)).statusCode).toBe(200)
    expect((await listFirms(clerk.api)).statusCode).toBe(200)
    const admin = await loginAs(t.app, 1)
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/roles/${role.id}/permissions`,
      headers: admin.api,
      payload: { menu_ids: [] },
    })
    expect(saved.statusCode).toBe(200)
    expect((await listFirms(clerk.api)).statusCode).toBe(403)
  })

  it('stay through the engine’s writes that change none of their tables, and only those', async () => {
    const admin = await loginAs(t.app, 1)
    const firm = await insertFirm(t.app.db)
    const [account] = await t.app.db
      .insert(users)
      .values({ uname: 'keptcaller', name: 'Kept', status: 1 })
      .returning()
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api${url}`, headers: admin.api, payload })
    const changed = vi.spyOn(t.app.requestAuth, 'changed')
    try {
      expect((await put(`/admin/firms/${firm.id}`, { name: '留下的公司' })).statusCode).toBe(200)
      expect(changed).not.toHaveBeenCalled()
      // A refused write wrote nothing it could tell of: dropped, to be safe.
      expect((await put(`/admin/firms/${firm.id}`, { name: '' })).statusCode).toBe(422)
      expect(changed).toHaveBeenCalledTimes(1)
      // The users table holds what the callers are read from.
      expect((await put(`/admin/users/${account.id}`, { name: 'Kept again' })).statusCode).toBe(200)
      expect(changed).toHaveBeenCalledTimes(2)
      // A bulk edit tells it as its entries are written: products keep them, accounts do not.
      expect((await put('/admin/firms/bulk', { ids: [firm.id], values: { order: 3 } })).statusCode).toBe(200)
      expect(changed).toHaveBeenCalledTimes(2)
      expect((await put('/admin/users/bulk', { ids: [account.id], values: { status: 0 } })).statusCode).toBe(
        200,
      )
      expect(changed).toHaveBeenCalledTimes(3)
    } finally {
      changed.mockRestore()
    }
  })

  it('lose a session logged out here at the very next request, and no other', async () => {
    const { user } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/firms/list', method: GET }])
    const first = await loginAs(t.app, user.id)
    const second = await loginAs(t.app, user.id)
    expect((await listFirms(first.api)).statusCode).toBe(200)
    expect((await listFirms(second.api)).statusCode).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/open/logout', headers: first.api })
    expect(out.statusCode).toBe(200)
    expect((await listFirms(first.api)).statusCode).toBe(401)
    expect((await listFirms(second.api)).statusCode).toBe(200)
  })

  it('lose a stopped account and an ended session written straight into the database', async () => {
    const { user } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/firms/list', method: GET }])
    const first = await loginAs(t.app, user.id)
    const second = await loginAs(t.app, user.id)
    expect((await listFirms(first.api)).statusCode).toBe(200)
    expect((await listFirms(second.api)).statusCode).toBe(200)
    await t.app.db
      .update(sessions)
      .set({ ended_at: new Date(), end_reason: 'logout' })
      .where(eq(sessions.id, first.sessionId))
    expect(await eventually(() => listFirms(first.api), 401)).toBe(401)
    expect((await listFirms(second.api)).statusCode).toBe(200)
    await t.app.db.update(users).set({ status: 0 }).where(eq(users.id, user.id))
    expect(await eventually(() => listFirms(second.api), 401)).toBe(401)
  })

  it('are dropped in every process when another process changes permissions or sessions', async () => {
    // A second server process is a second pool on the same PostgreSQL database.
    if (t.database.kind !== 'postgres' || !t.database.url) return
    const other = await openDatabase({ url: t.database.url })
    try {
      const { user, role } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/firms/list', method: GET }])
      const clerk = await loginAs(t.app, user.id)
      expect((await listFirms(clerk.api)).statusCode).toBe(200)
      await dropFirmList(other.db, role.id)
      expect(await eventually(() => listFirms(clerk.api), 403)).toBe(403)

      const admin = await loginAs(t.app, 1)
      expect((await listFirms(admin.api)).statusCode).toBe(200)
      await other.db
        .update(sessions)
        .set({ ended_at: new Date(), end_reason: 'logout' })
        .where(eq(sessions.id, admin.sessionId))
      expect(await eventually(() => listFirms(admin.api), 401)).toBe(401)
    } finally {
      await other.close()
    }
  })
})
