import { METHOD_BITS, SENSITIVE_CONFIG_KEYS } from '@brokerdesk/shared'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configs, logs } from '../../db/schema/index'
import { SUPER_ADMIN_CONFIG_KEYS } from '../../db/seed/config-defaults'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let root: AdminClient
let clerk: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
  // A settings-only administrator: every route of the settings resource.
  const { user } = await insertLimitedAdmin(t.app.db, [
    { url: '/admin/configs/list', method: METHOD_BITS.get },
    { url: '/admin/configs/excel', method: METHOD_BITS.get },
    { url: '/admin/configs/import', method: METHOD_BITS.post },
    { url: '/admin/configs/{id}', method: METHOD_BITS.get | METHOD_BITS.put },
    { url: '/admin/configs', method: METHOD_BITS.post | METHOD_BITS.delete },
  ])
  clerk = await adminClient(t.app, user.id)
})
afterAll(() => t.close())

const settingOf = async (key: string) =>
  (await t.app.db.select().from(configs).where(eq(configs.key, key)))[0]

describe('sensitive settings', () => {
  it('cannot be weakened by a settings-only administrator, through any path', async () => {
    const weakened: Record<string, string> = {
      api_encryption: '0',
      api_encryption_routes: '',
      upload_image_max_kb: '1048576',
      upload_document_max_kb: '4194304',
      upload_provider: 'qiniu',
      maintenance_mode: '1',
      log_keep_months: '1',
      session_concurrent: '1',
      totp_required_for_admins: '0',
      password_min_length: '1',
      password_character_classes: '1',
      password_not_account_name: '0',
      password_history: '0',
      password_expiry_days: '0',
    }
    expect(Object.keys(weakened).sort()).toEqual([...SENSITIVE_CONFIG_KEYS].sort())
    const before = await t.app.db
      .select()
      .from(configs)
      .where(inArray(configs.key, [...SENSITIVE_CONFIG_KEYS]))
    for (const [key, value] of Object.entries(weakened)) {
      const { id } = await settingOf(key)
      // The login policy is not even read by others: no such setting for them.
      const refused = SUPER_ADMIN_CONFIG_KEYS.includes(key) ? 404 : 403
      const update = await clerk.put(`/admin/configs/${id}`, { value })
      expect(update.statusCode, key).toBe(refused)
      const renamed = await clerk.put(`/admin/configs/${id}`, { key: `${key}_old` })
      expect(renamed.statusCode, key).toBe(refused)
      const imported = await clerk.post('/admin/configs/import', { datas: [{ id, name: key, key, value }] })
      expect(imported.json().errors, key).toHaveLength(1)
      const deleted = await clerk.delete('/admin/configs', { ids: [id] })
      // Ids out of reach are left alone like ids of no record.
      if (refused === 404) expect(deleted.json(), key).toEqual({ deleted: 0 })
      else expect(deleted.statusCode, key).toBe(403)
    }
    const after = await t.app.db
      .select()
      .from(configs)
      .where(inArray(configs.key, [...SENSITIVE_CONFIG_KEYS]))
    expect(after).toEqual(before)
    // Still read, and the other settings still changed.
    expect((await clerk.get(`/admin/configs/${(await settingOf('maintenance_mode')).id}`)).statusCode).toBe(
      200,
    )
    const name = await clerk.put(`/admin/configs/${(await settingOf('site_name')).id}`, { value: 'Desk' })
    expect(name.statusCode).toBe(200)
  })

  it('are changed by the super administrator, and the change is logged with its before and after', async () => {
    const { id } = await settingOf('maintenance_mode')
    const on = await root.put(`/admin/configs/${id}`, { value: '1' })
    expect(on.statusCode, on.body).toBe(200)
    const [entry] = await t.app.db
      .select()
      .from(logs)
      .where(and(eq(logs.user_id, 1), eq(logs.method, 'PUT'), eq(logs.url, `/api/admin/configs/${id}`)))
      .orderBy(desc(logs.id))
      .limit(1)
    expect(entry.changes).toEqual({ value: { before: '0', after: '1' } })
    expect((await root.put(`/admin/configs/${id}`, { value: '0' })).statusCode).toBe(200)
  })
})
