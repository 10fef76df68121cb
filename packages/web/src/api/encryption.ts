/**
 * Encrypted API payloads (SPEC §7) in the browser, WebCrypto only: a non-GET JSON body travels as
 * `{aes_key, data, sign}` — `aes_key` the RSA-OAEP (SHA-256) wrap of a fresh 32-byte AES key and
 * 16-byte IV, `data` the AES-256-CBC encryption of `{timestamp, nonce, body}`, `sign` the hex
 * HMAC-SHA256 of `data` under the AES key. A sealed answer `{data, sign}` (IV first in `data`) is
 * opened only after its signature checks out.
 */

export interface SealedRequest {
  body: string
  /** The AES key, to open the answer with. */
  key: Uint8Array<ArrayBuffer>
}

const keys = new Map<string, Promise<CryptoKey>>()

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

function publicKeyOf(pem: string): Promise<CryptoKey> {
  let key = keys.get(pem)
  if (!key) {
    const der = fromBase64(pem.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, ''))
    key = crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
    keys.set(pem, key)
  }
  return key
}

const hmacKey = (key: Uint8Array<ArrayBuffer>, use: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [use])

const aesKey = (key: Uint8Array<ArrayBuffer>, use: 'encrypt' | 'decrypt') =>
  crypto.subtle.importKey('raw', key, { name: 'AES-CBC' }, false, [use])

/** Seals a JSON body for the server's public key; the timestamp and nonce ride inside, signed. */
export async function sealRequest(publicKeyPem: string, body: unknown): Promise<SealedRequest> {
  const key = crypto.getRandomValues(new Uint8Array(32))
  const iv = crypto.getRandomValues(new Uint8Array(16))
  const nonce = toHex(crypto.getRandomValues(new Uint8Array(16)).buffer)
  const plain = new TextEncoder().encode(JSON.stringify({ timestamp: Date.now(), nonce, body }))
  const wrapped = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    await publicKeyOf(publicKeyPem),
    new Uint8Array([...key, ...iv]),
  )
  const cipher = await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, await aesKey(key, 'encrypt'), plain)
  const data = toBase64(new Uint8Array(cipher))
  const sign = toHex(
    await crypto.subtle.sign('HMAC', await hmacKey(key, 'sign'), new TextEncoder().encode(data)),
  )
  return { body: JSON.stringify({ aes_key: toBase64(new Uint8Array(wrapped)), data, sign }), key }
}

/** Opens a sealed answer; undefined when its signature or encryption is not right. */
export async function openAnswer(key: Uint8Array<ArrayBuffer>, answer: unknown): Promise<string | undefined> {
  const { data, sign } = (answer ?? {}) as { data?: unknown; sign?: unknown }
  if (typeof data !== 'string' || typeof sign !== 'string' || !/^[0-9a-f]{64}$/i.test(sign)) return undefined
  try {
    const valid = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(key, 'verify'),
      fromHex(sign),
      new TextEncoder().encode(data),
    )
    if (!valid) return undefined
    const raw = fromBase64(data)
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-CBC', iv: raw.subarray(0, 16) },
      await aesKey(key, 'decrypt'),
      raw.subarray(16),
    )
    return new TextDecoder().decode(plain)
  } catch {
    return undefined
  }
}
