import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRedis } from '../../db/redis'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { type Envelope, openAnswer, sealRequest } from './envelope'
import { rotateKeyPair } from './key-pairs'
import { databaseNonceStore, redisNonceStore } from './nonce-store'

let t: TestApp
let headers: Record<string, string>
let publicKey: string

beforeAll(async () => {
  t = await createTestApp({ env: { API_ENCRYPTION: 'true' } })
  headers = { ...(await loginAs(t.app, 1)).api, language: 'en' }
  publicKey = (await t.app.inject({ method: 'GET', url: '/api/open/config' })).json().api_public_key
})
afterAll(() => t.close())

let n = 0
function seal(body: unknown, options: { key?: string; timestamp?: number } = {}) {
  n += 1
  const text = JSON.stringify({
    timestamp: options.timestamp ?? Date.now(),
    nonce: randomBytes(16).toString('hex'),
    body,
  })
  return sealRequest(options.key ?? publicKey, text)
}

const bank = () => ({ name: `Sealed bank ${n}`, full_name: `Sealed bank ${n} Ltd`, order: 1, is_withhold: 0 })

function post(envelope: unknown, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/banks',
    headers: { ...headers, 'api-encryption': '1', ...extra },
    payload: envelope as object,
  })
}

/** One character of a base64 or hex text changed. */
function flip(text: string, at = 10): string {
  const c = text[at]
  return text.slice(0, at) + (c === 'A' || c === 'a' ? 'b' : c === '0' ? '1' : 'A') + text.slice(at + 1)
}

describe('encrypted API payloads', () => {
  it('publish a 2048-bit RSA key and decrypt a sealed body, sealing the answer when asked', async () => {
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    const { envelope, key } = seal(bank())
    const response = await post(envelope, { 'support-response-encryption': '1' })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.headers['response-encryption']).toBe('1')
    const sealed = response.json()
    expect(Object.keys(sealed).sort()).toEqual(['data', 'sign'])
    expect(JSON.parse(openAnswer(key, sealed)).row.name).toMatch(/^Sealed bank/)
    // Without the header the answer is plain.
    const plain = await post(seal(bank()).envelope)
    expect(plain.statusCode).toBe(201)
    expect(plain.headers['response-encryption']).toBeUndefined()
    expect(plain.json().row.name).toMatch(/^Sealed bank/)
  })

  it('refuse a tampered aes_key, data or sign, a wrong key, a replay and an old timestamp with 400', async () => {
    const expect400 = async (envelope: unknown, fragment: RegExp) => {
      const response = await post(envelope)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toMatch(fragment)
    }
    const fresh = () => seal(bank()).envelope
    let e: Envelope = fresh()
    await expect400({ ...e, aes_key: flip(e.aes_key) }, /key/i)
    e = fresh()
    await expect400({ ...e, data: flip(e.data) }, /signature/i)
    e = fresh()
    await expect400({ ...e, sign: flip(e.sign, 3) }, /signature/i)
    await expect400({ aes_key: 'x', data: 'y' }, /aes_key, data and sign/)
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    })
    await expect400(seal(bank(), { key: String(other) }).envelope, /key/i)
    await expect400(seal(bank(), { timestamp: Date.now() - 6 * 60_000 }).envelope, /5-minute/)
    await expect400(seal(bank(), { timestamp: Date.now() + 6 * 60_000 }).envelope, /5-minute/)
    const once = fresh()
    expect((await post(once)).statusCode).toBe(201)
    await expect400(once, /already used/)
  })

  it('refuse a plain write to a route the settings require encrypted', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/open/login',
      headers: { language: 'en' },
      payload: { username: 'admin', password: 'wrong-password' },
    })
    expect(login.statusCode).toBe(400)
    expect(login.json().message).toMatch(/encrypted request/)
    // Routes not on the list take plain bodies still.
    const plain = await t.app.inject({ method: 'POST', url: '/api/admin/banks', headers, payload: bank() })
    expect(plain.statusCode).toBe(201)
  })

  it('keep decrypting with the previous key for a while after a rotation', async () => {
    const before = seal(bank()).envelope
    await rotateKeyPair(t.app.db)
    const after = (await t.app.inject({ method: 'GET', url: '/api/open/config' })).json().api_public_key
    expect(after).not.toBe(publicKey)
    expect((await post(before)).statusCode).toBe(201)
    expect((await post(seal(bank(), { key: after }).envelope)).statusCode).toBe(201)
  })
})

describe('the replay store', () => {
  it('claims a nonce once in Redis, and falls back to the database when Redis is out of reach', async () => {
    const database = databaseNonceStore(t.app.db)
    const nonce = randomBytes(16).toString('hex')
    const down = redisNonceStore(openRedis('redis://127.0.0.1:1', t.app.log, 'replay checks'), database)
    expect(await down.claim(nonce, 60_000)).toBe(true)
    expect(await database.claim(nonce, 60_000)).toBe(false)
    await down.close()
    if (!process.env.REDIS_TEST_URL) return
    const client = openRedis(process.env.REDIS_TEST_URL, t.app.log, 'replay checks')
    if (client.status !== 'ready') await once(client, 'ready')
    const redis = redisNonceStore(client, database)
    const other = randomBytes(16).toString('hex')
    expect(await redis.claim(other, 60_000)).toBe(true)
    expect(await redis.claim(other, 60_000)).toBe(false)
    await redis.close()
  })
})
