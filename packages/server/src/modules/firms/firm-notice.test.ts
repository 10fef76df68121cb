import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

describe("a company's insurance notice", () => {
  it('is stored as sanitized rich text on create and update: formatting and images stay, scripts go', async () => {
    const created = await admin.post('/admin/firms', {
      name: 'Noticed',
      full_name: 'Noticed Life',
      type: 1,
      insure_notify:
        '<p>Read <strong>this</strong><script>alert(1)</script></p><img src="https://cdn.example/a.png" onerror="alert(2)">',
    })
    expect(created.statusCode, created.body).toBe(201)
    const { row } = created.json()
    expect(row.insure_notify).toBe('<p>Read <strong>this</strong></p><img src="https://cdn.example/a.png" />')
    const updated = await admin.put(`/admin/firms/${row.id}`, {
      insure_notify: '<p><a href="javascript:alert(3)">x</a><img src="/uploads/images/b.png"></p>',
    })
    expect(updated.json().row.insure_notify).toBe('<p><a>x</a><img src="/uploads/images/b.png" /></p>')
    const plain = await admin.put(`/admin/firms/${row.id}`, { insure_notify: 'Line one\nLine 2 & more' })
    expect(plain.json().row.insure_notify).toBe('<p>Line one<br />Line 2 &amp; more</p>')
  })
})
