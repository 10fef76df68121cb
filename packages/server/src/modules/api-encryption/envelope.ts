import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

/**
 * The envelope of encrypted API payloads (SPEC §7), node:crypto only:
 * `aes_key` = base64 RSA-OAEP(SHA-256) of a 32-byte AES key followed by a 16-byte IV;
 * `data` = base64 AES-256-CBC of the JSON text; `sign` = hex HMAC-SHA256(AES key, data): encrypt-then-MAC.
 * Answers use the request's AES key with a fresh IV, sent first in `data` (base64 of IV ‖ ciphertext).
 */
export interface Envelope {
  aes_key: string
  data: string
  sign: string
}

export const AES_KEY_BYTES = 32
export const IV_BYTES = 16

const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const

export const signOf = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest('hex')

export function signMatches(key: Buffer, data: string, sign: string): boolean {
  const expected = Buffer.from(signOf(key, data), 'hex')
  const given = Buffer.from(sign, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The AES key and IV wrapped in `aes_key`, trying each private key; undefined when none unwraps it. */
export function unwrapKey(aesKey: string, privateKeys: KeyObject[]): { key: Buffer; iv: Buffer } | undefined {
  const wrapped = Buffer.from(aesKey, 'base64')
  for (const privateKey of privateKeys) {
    try {
      const plain = privateDecrypt({ key: privateKey, ...OAEP }, wrapped)
      if (plain.length === AES_KEY_BYTES + IV_BYTES) {
        return { key: plain.subarray(0, AES_KEY_BYTES), iv: plain.subarray(AES_KEY_BYTES) }
      }
    } catch {
      // Not this key.
    }
  }
  return undefined
}

export function decryptData(key: Buffer, iv: Buffer, data: string): string {
  const decipher = createDecipheriv('aes-256-cbc', key, iv)
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
}

export function encryptData(key: Buffer, iv: Buffer, text: string): string {
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64')
}

/** What a client does (tests, the bench, other systems): seal a JSON text for the server's public key. */
export function sealRequest(publicKeyPem: string, text: string): { envelope: Envelope; key: Buffer } {
  const key = randomBytes(AES_KEY_BYTES)
  const iv = randomBytes(IV_BYTES)
  const aes_key = publicEncrypt({ key: publicKeyPem, ...OAEP }, Buffer.concat([key, iv])).toString('base64')
  const data = encryptData(key, iv, text)
  return { envelope: { aes_key, data, sign: signOf(key, data) }, key }
}

/** An answer sealed with the request's key and a fresh IV: `{data, sign}`. */
export function sealAnswer(key: Buffer, text: string): { data: string; sign: string } {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  const data = Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final()]).toString('base64')
  return { data, sign: signOf(key, data) }
}

/** Opens a sealed answer (for clients and tests); throws on a wrong signature. */
export function openAnswer(key: Buffer, answer: { data: string; sign: string }): string {
  if (!signMatches(key, answer.data, answer.sign)) throw new Error('The answer signature is wrong')
  const raw = Buffer.from(answer.data, 'base64')
  const decipher = createDecipheriv('aes-256-cbc', key, raw.subarray(0, IV_BYTES))
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES)), decipher.final()]).toString('utf8')
}
