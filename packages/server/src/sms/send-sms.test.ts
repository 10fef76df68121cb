import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsOutbox } from '../db/schema/index'
import { solveCaptcha } from '../modules/captcha/solve-captcha'
import { createTestApp, type TestApp } from '../testing/test-app'
import { sendSms } from './send-sms'

interface Received {
  authorization?: string
  body: { mobile: string; content: string }
}

let t: TestApp
let gateway: http.Server
const received: Received[] = []
/** The status the fake gateway answers with. */
let gatewayStatus = 200

beforeAll(async () => {
  gateway = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) })
      response.writeHead(gatewayStatus, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  const { port } = gateway.address() as AddressInfo
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `http://127.0.0.1:${port}/send`,
      SMS_HTTP_TOKEN: 'gateway-token',
    },
  })
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => gateway.close(resolve))
})

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger

describe('the http SMS provider', () => {
  it('POSTs {mobile, content} as JSON with the bearer token, for a registration code', async () => {
    gatewayStatus = 200
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/open/register/send',
      headers: { language: 'en' },
      payload: { mobile_phone: '13700000001', captcha: await solveCaptcha(t.app) },
    })
    expect(response.statusCode).toBe(200)
    expect(received.at(-1)).toMatchObject({
      authorization: 'Bearer gateway-token',
      body: { mobile: '13700000001', content: expect.stringMatching(/registration code is \d{6}/) },
    })
    const [row] = await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, '13700000001'))
    expect(row).toMatchObject({ provider: 'http', status: 'sent' })
  })

  it('answers a clear error when the gateway refuses, records it, and lets the number try again at once', async () => {
    gatewayStatus = 503
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/open/register/send',
        headers: { language: 'en' },
        payload: { mobile_phone: '13700000002', captcha: 'x' },
      })
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/open/register/send',
      headers: { language: 'en' },
      payload: { mobile_phone: '13700000002', captcha: await solveCaptcha(t.app) },
    })
    expect(refused.statusCode).toBe(500)
    expect(refused.json().message).toBe('The message could not be sent. Please try again later.')
    const [row] = await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, '13700000002'))
    expect(row).toMatchObject({ status: 'failed', error: expect.stringContaining('503') })
    expect((await send()).json().errors).toHaveProperty('captcha')
  })

  it('masks the code in the outbox in production', async () => {
    gatewayStatus = 200
    const app = { config: { ...t.app.config, env: 'production' }, db: t.app.db } as unknown as FastifyInstance
    await sendSms(app, silent, {
      mobile: '13700000003',
      content: 'Code 987654, valid 10 minutes',
      secrets: ['987654'],
    })
    const [row] = await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, '13700000003'))
    expect(row.content).toBe('Code ******, valid 10 minutes')
    expect(received.at(-1)?.body.content).toBe('Code 987654, valid 10 minutes')
  })
})
