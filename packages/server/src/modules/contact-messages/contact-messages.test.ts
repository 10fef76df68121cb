import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, mailOutbox } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { solveCaptcha } from '../captcha/solve-captcha'
import { CONTACT_LIMITS } from './submit-contact-message'

let t: TestApp
let root: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
})
afterAll(() => t.close())

/** Leaves a message through the open form as a visitor from `ip`, solving the captcha first. */
async function leave(ip: string, body: Record<string, unknown>, language = 'en') {
  const headers = { 'x-forwarded-for': ip, language }
  const captcha = await solveCaptcha(t.app, headers)
  return t.app.inject({ method: 'POST', url: '/api/open/contact', headers, payload: { captcha, ...body } })
}

const visitor = { name: 'Li Lei', contact: 'lilei@example.com', content: 'Do you cover travel insurance?' }

describe('the contact form', () => {
  it('lands a message in the administrators’ inbox, new until answered', async () => {
    const sent = await leave('10.1.0.1', visitor)
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json().alert.message).toContain('Thank you')
    const listed = (await root.get('/admin/contact-messages/list?keyword=travel')).json().data
    expect(listed).toEqual([expect.objectContaining({ ...visitor, status: 0, ip: '10.1.0.1', reply: null })])
  })

  it('needs a solved captcha and a contact that is an e-mail address or a mobile number', async () => {
    const noTicket = await t.app.inject({ method: 'POST', url: '/api/open/contact', payload: visitor })
    expect(noTicket.statusCode).toBe(422)
    expect(Object.keys(noTicket.json().errors)).toEqual(['captcha'])
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/open/contact',
      payload: { ...visitor, captcha: 'not-a-ticket' },
    })
    expect(used.json()).toMatchObject({ captcha_required: true })
    const badContact = await leave('10.1.0.2', { ...visitor, contact: 'call me' })
    expect(badContact.statusCode).toBe(422)
    expect(badContact.json().errors.contact[0]).toContain('e-mail address or a mobile number')
  })

  it('refuses an address that left too many messages lately, keeping its captcha ticket', async () => {
    const [shortTerm] = CONTACT_LIMITS
    for (let i = 0; i < shortTerm.count; i++) {
      expect((await leave('10.1.0.3', { ...visitor, contact: '13800138000' })).statusCode).toBe(201)
    }
    const headers = { 'x-forwarded-for': '10.1.0.3' }
    const captcha = await solveCaptcha(t.app, headers)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/open/contact',
      headers,
      payload: { ...visitor, captcha },
    })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/open/contact',
      headers: { 'x-forwarded-for': '10.1.0.4' },
      payload: { ...visitor, captcha },
    })
    expect(elsewhere.statusCode, 'the refused ticket is still good').toBe(201)
  })
})

describe('answering a visitor', () => {
  it('e-mails the reply in the visitor’s language, quoting the message, and marks it answered', async () => {
    await leave('10.2.0.1', { ...visitor, contact: 'hans@example.com', content: 'Gibt es Rabatte?' }, 'de')
    const [row] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contact, 'hans@example.com'))
    const answered = await root.post(`/admin/contact-messages/${row.id}/reply`, {
      reply: 'Ja, zehn Prozent.',
    })
    expect(answered.statusCode, answered.body).toBe(200)
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'hans@example.com'))
    expect(mail.subject).toContain('Antwort auf Ihre Nachricht')
    expect(mail.body).toContain('Ja, zehn Prozent.')
    expect(mail.body).toContain('> Gibt es Rabatte?')
    const shown = (await root.get(`/admin/contact-messages/${row.id}`)).json().row
    expect(shown).toMatchObject({ status: 1, reply: 'Ja, zehn Prozent.', replier_name: expect.any(String) })
    expect(shown.replied_at).toEqual(expect.any(String))
  })

  it('cannot e-mail a visitor who left a phone number, nor answer with nothing', async () => {
    await leave('10.2.0.2', { ...visitor, contact: '13900139000' })
    const [row] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contact, '13900139000'))
    const byPhone = await root.post(`/admin/contact-messages/${row.id}/reply`, { reply: 'Hello' })
    expect(byPhone.statusCode).toBe(422)
    expect(Object.keys(byPhone.json().errors)).toEqual(['contact'])
    const empty = await root.post(`/admin/contact-messages/${row.id}/reply`, { reply: ' ' })
    expect(Object.keys(empty.json().errors)).toEqual(['reply'])
    expect((await root.post('/admin/contact-messages/999999/reply', { reply: 'x' })).statusCode).toBe(404)
  })
})
