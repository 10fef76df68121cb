import { describe, expect, it } from 'vitest'
import { openAnswer, sealRequest } from './encryption'

const subtle = globalThis.crypto.subtle

async function keyPair() {
  const pair = (await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey))
  const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`
  return { pem, privateKey: pair.privateKey }
}

const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('')

/** What the server does with an envelope, in WebCrypto. */
async function unseal(privateKey: CryptoKey, body: string) {
  const { aes_key, data, sign } = JSON.parse(body)
  const raw = new Uint8Array(await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes(aes_key)))
  const key = raw.slice(0, 32)
  const hmac = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const expected = hex(await subtle.sign('HMAC', hmac, new TextEncoder().encode(data)))
  const aes = await subtle.importKey('raw', key, { name: 'AES-CBC' }, false, ['decrypt'])
  const plain = await subtle.decrypt({ name: 'AES-CBC', iv: raw.slice(32) }, aes, bytes(data))
  return { key, signOk: expected === sign, payload: JSON.parse(new TextDecoder().decode(plain)) }
}

async function sealAnswer(key: Uint8Array<ArrayBuffer>, text: string) {
  const iv = crypto.getRandomValues(new Uint8Array(16))
  const aes = await subtle.importKey('raw', key, { name: 'AES-CBC' }, false, ['encrypt'])
  const cipher = new Uint8Array(
    await subtle.encrypt({ name: 'AES-CBC', iv }, aes, new TextEncoder().encode(text)),
  )
  const data = btoa(String.fromCharCode(...iv, ...cipher))
  const hmac = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return { data, sign: hex(await subtle.sign('HMAC', hmac, new TextEncoder().encode(data))) }
}

describe('payload encryption', () => {
  it('seals a body as {aes_key, data, sign} with a fresh key, a timestamp and a nonce, and opens only a well-signed answer', async () => {
    const { pem, privateKey } = await keyPair()
    const sealed = await sealRequest(pem, { name: '中文', n: 1 })
    expect(Object.keys(JSON.parse(sealed.body)).sort()).toEqual(['aes_key', 'data', 'sign'])
    const opened = await unseal(privateKey, sealed.body)
    expect(opened.signOk).toBe(true)
    expect(opened.payload.body).toEqual({ name: '中文', n: 1 })
    expect(Math.abs(opened.payload.timestamp - Date.now())).toBeLessThan(5000)
    expect(opened.payload.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(Array.from(opened.key)).toEqual(Array.from(sealed.key))
    expect((await sealRequest(pem, {})).key).not.toEqual(sealed.key)

    const answer = await sealAnswer(sealed.key, '{"ok":true}')
    expect(await openAnswer(sealed.key, answer)).toBe('{"ok":true}')
    const tampered = { ...answer, data: `${answer.data[0] === 'A' ? 'B' : 'A'}${answer.data.slice(1)}` }
    expect(await openAnswer(sealed.key, tampered)).toBeUndefined()
    expect(await openAnswer(sealed.key, { ...answer, sign: '0'.repeat(64) })).toBeUndefined()
    expect(await openAnswer(sealed.key, { data: 1 })).toBeUndefined()
  })
})
