import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { logs, webhookDeliveries, webhooks } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { deliverDueWebhooks, MAX_ATTEMPTS } from './deliver-webhooks'
import { isPrivateAddress, refusedWebhookUrl } from './webhook-address'

interface Received {
  headers: http.IncomingHttpHeaders
  body: string
}

let t: TestApp
let admin: AdminClient
let receiver: http.Server
let receiverUrl: string
let received: Received[] = []
let answerStatus = 200

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } })
  admin = await adminClient(t.app)
  receiver = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.statusCode = answerStatus
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
})
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve))
  await t.close()
})
beforeEach(async () => {
  received = []
  answerStatus = 200
  await t.app.db.delete(webhookDeliveries)
  // Each test hears only the webhooks it makes.
  await t.app.db.update(webhooks).set({ deleted_at: new Date() })
})

async function createHook(events: string[], extra: Record<string, unknown> = {}) {
  const response = await admin.post('/admin/webhooks', {
    name: 'Receiver',
    url: receiverUrl,
    events,
    ...extra,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { id: number; secret: string; secret_masked: string }
}

const sign = (secret: string, body: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`

describe('webhooks', () => {
  it('show the secret once at creation, masked afterwards, and never in the operation log', async () => {
    const hook = await createHook(['firms.created'], { secret: 'a-secret-of-the-receiver-1234' })
    expect(hook.secret).toBe('a-secret-of-the-receiver-1234')
    expect(hook.secret_masked).toBe('••••••••1234')
    const listed = (await admin.get('/admin/webhooks'))
      .json()
      .webhooks.find((w: { id: number }) => w.id === hook.id)
    expect(listed).not.toHaveProperty('secret')
    expect(listed.secret_masked).toBe('••••••••1234')
    const entries = await t.app.db.select().from(logs).where(eq(logs.url, '/api/admin/webhooks'))
    expect(JSON.stringify(entries)).not.toContain('a-secret-of-the-receiver')
    const made = await createHook(['firms.created'])
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/)
  })

  it('deliver the records an import creates and updates, one event each, as the API answers them', async () => {
    await createHook(['firms.created', 'firms.updated'])
    const existing = (
      await admin.post('/admin/firms', { name: 'Imported before', full_name: 'Before Life', type: 1 })
    ).json().row
    await t.app.db.delete(webhookDeliveries)
    const imported = await admin.post('/admin/firms/import', {
      datas: [
        { name: 'Imported one', full_name: 'One Life', type: 1 },
        { name: 'Imported two', full_name: 'Two Life', type: 1 },
        { id: existing.id, name: 'Imported again' },
        { name: '', full_name: 'No name', type: 1 },
      ],
    })
    expect(imported.json()).toMatchObject({ imported: 3 })
    expect(await deliverDueWebhooks(t.app)).toBe(3)
    const events = received.map(
      (r) => JSON.parse(r.body) as { event: string; data: { id: number; name: string } },
    )
    expect(events.map((e) => `${e.event} ${e.data.name}`).sort()).toEqual([
      'firms.created Imported one',
      'firms.created Imported two',
      'firms.updated Imported again',
    ])
    expect(events.find((e) => e.event === 'firms.updated')?.data.id).toBe(existing.id)
  })

  it('deliver a change as signed JSON after its write commits, logged with the answer', async () => {
    const hook = await createHook(['firms.created', 'firms.deleted'])
    const firm = (
      await admin.post('/admin/firms', { name: 'Hooked', full_name: 'Hooked Life', type: 1 })
    ).json().row
    expect(await deliverDueWebhooks(t.app)).toBeGreaterThanOrEqual(1)
    const mine = received.filter((r) => r.body.includes('"Hooked"'))
    expect(mine).toHaveLength(1)
    const [{ headers, body }] = mine
    expect(headers['x-brokerdesk-signature']).toBe(sign(hook.secret, body))
    expect(headers['x-brokerdesk-event']).toBe('firms.created')
    expect(JSON.parse(body)).toMatchObject({ event: 'firms.created', data: { id: firm.id, name: 'Hooked' } })
    const log = (await admin.get(`/admin/webhooks/${hook.id}/deliveries`)).json().deliveries
    expect(log[0]).toMatchObject({
      event: 'firms.created',
      status: 'delivered',
      attempts: 1,
      response_status: 200,
    })

    received = []
    await admin.delete('/admin/firms', { ids: [firm.id] })
    await deliverDueWebhooks(t.app)
    expect(received.map((r) => JSON.parse(r.body))).toContainEqual(
      expect.objectContaining({ event: 'firms.deleted', data: { id: firm.id } }),
    )
  })

  it('queue nothing for an event not chosen, a disabled webhook, or a write that failed', async () => {
    const hook = await createHook(['banks.created'])
    await admin.post('/admin/firms', { name: 'Unheard', full_name: 'Unheard Life', type: 1 })
    await admin.put(`/admin/webhooks/${hook.id}`, { enabled: false })
    await admin.post('/admin/banks', { name: 'Quiet bank' })
    expect((await admin.post('/admin/firms', { name: '' })).statusCode).toBe(422)
    expect(await t.app.db.$count(webhookDeliveries, eq(webhookDeliveries.webhook_id, hook.id))).toBe(0)
  })

  it('retry a failed delivery with a doubling wait, give up after the last attempt, and resend it', async () => {
    const hook = await createHook(['firms.updated'])
    const firm = (
      await admin.post('/admin/firms', { name: 'Retried', full_name: 'Retried Life', type: 1 })
    ).json().row
    answerStatus = 503
    const updated = await admin.put(`/admin/firms/${firm.id}`, { name: 'Retried again' })
    expect(updated.statusCode, updated.body).toBe(200)
    await deliverDueWebhooks(t.app)
    const [first] = await t.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhook_id, hook.id))
    expect(first).toMatchObject({ status: 'pending', attempts: 1, response_status: 503 })
    const wait = first.next_attempt_at.getTime() - Date.now()
    expect(wait).toBeGreaterThan(20_000)
    expect(wait).toBeLessThanOrEqual(30_000)
    // Not due yet: nothing is sent.
    expect(await deliverDueWebhooks(t.app)).toBe(0)
    await t.app.db
      .update(webhookDeliveries)
      .set({ attempts: MAX_ATTEMPTS - 1, next_attempt_at: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, first.id))
    await deliverDueWebhooks(t.app)
    const log = (await admin.get(`/admin/webhooks/${hook.id}/deliveries`)).json().deliveries
    expect(log[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, response_status: 503 })

    answerStatus = 200
    const resent = await admin.post(`/admin/webhooks/deliveries/${first.id}/resend`)
    expect(resent.statusCode, resent.body).toBe(200)
    await deliverDueWebhooks(t.app)
    const after = (await admin.get(`/admin/webhooks/${hook.id}/deliveries`)).json().deliveries
    expect(after[0]).toMatchObject({ id: resent.json().id, status: 'delivered', payload: first.payload })
  })

  it('refuse bad input with 422: an unknown event, a short secret, an address not http(s)', async () => {
    const unknown = await admin.post('/admin/webhooks', { url: receiverUrl, events: ['logs.created'] })
    expect(unknown.statusCode).toBe(422)
    const short = await admin.post('/admin/webhooks', {
      url: receiverUrl,
      events: ['firms.created'],
      secret: 'x',
    })
    expect(short.statusCode).toBe(422)
    const ftp = await admin.post('/admin/webhooks', { url: 'ftp://example.com/', events: ['firms.created'] })
    expect(ftp.statusCode).toBe(422)
    expect((await admin.get('/admin/webhooks/999999/deliveries')).statusCode).toBe(404)
  })
})

describe('the addresses a webhook may call', () => {
  it('are public ones only, unless private ones are allowed', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['8.8.8.8', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false)
    expect(await refusedWebhookUrl('http://127.0.0.1:8080/hook', false)).toBe('private')
    expect(await refusedWebhookUrl('http://localhost/hook', false)).toBe('private')
    expect(await refusedWebhookUrl('http://[::1]/hook', false)).toBe('private')
    expect(await refusedWebhookUrl('http://user:pw@8.8.8.8/hook', false)).toBe('url')
    expect(await refusedWebhookUrl('http://8.8.8.8/hook', false)).toBeNull()
    expect(await refusedWebhookUrl('http://127.0.0.1:8080/hook', true)).toBeNull()
  })
})
