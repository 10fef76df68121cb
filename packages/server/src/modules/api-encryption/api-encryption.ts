import { exceedsJsonDepth } from '@brokerdesk/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { menuUrlOfRoute } from '../../access/route-access'
import { openRedis } from '../../db/redis'
import { AppError } from '../../errors'
import { decryptData, sealAnswer, signMatches, unwrapKey } from './envelope'
import { currentKeyPair, decryptionKeys } from './key-pairs'
import { databaseNonceStore, type NonceStore, redisNonceStore } from './nonce-store'
import { readEncryptionSettings } from './settings'

/** How far a request's timestamp may be from the server's clock, either way. */
export const ENCRYPTION_WINDOW_MS = 5 * 60_000
const JSON_DEPTH = 32

declare module 'fastify' {
  interface FastifyInstance {
    nonceStore: NonceStore
  }
  interface FastifyRequest {
    /** The AES key of an encrypted request, which seals the answer when the client supports it. */
    payloadKey?: Buffer
  }
}

const refuse = (key: string) => new AppError('bad_request', key)

/** The public key the SPA encrypts with, or '' while encryption is off. */
export async function publishedPublicKey(app: FastifyInstance): Promise<string> {
  const settings = await readEncryptionSettings(app.db, app.config.apiEncryption)
  return settings.enabled ? (await currentKeyPair(app.db)).public_key : ''
}

const isEncrypted = (request: FastifyRequest) => request.headers['api-encryption'] === '1'
const hasBody = (request: FastifyRequest) => request.body !== undefined && request.body !== null

/**
 * preValidation hook of both mounts: an `Api-Encryption: 1` body `{aes_key, data, sign}` is checked
 * (signature before decryption), decrypted, its timestamp and nonce checked, and replaced by the
 * body it carries; a write to a route the settings require encrypted is refused when it is not.
 * Every failure answers 400 with its own message.
 */
export async function decryptPayload(request: FastifyRequest): Promise<void> {
  const method = request.method
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return
  const app = request.server
  const settings = await readEncryptionSettings(app.db, app.config.apiEncryption)
  if (!isEncrypted(request) || !hasBody(request)) {
    const url = menuUrlOfRoute(request.routeOptions.url ?? request.url)
    if (settings.enabled && settings.requiredRoutes.includes(url)) throw refuse('encryption.required')
    return
  }
  if (!settings.enabled) throw refuse('encryption.off')
  const envelope = request.body as Record<string, unknown>
  const { aes_key, data, sign } = envelope
  if (
    typeof aes_key !== 'string' ||
    typeof data !== 'string' ||
    typeof sign !== 'string' ||
    aes_key.length > 1024 ||
    !/^[0-9a-f]{64}$/i.test(sign) ||
    Object.keys(envelope).length !== 3
  ) {
    throw refuse('encryption.malformed')
  }
  const unwrapped = unwrapKey(aes_key, await decryptionKeys(app.db))
  if (!unwrapped) throw refuse('encryption.bad_key')
  if (!signMatches(unwrapped.key, data, sign)) throw refuse('encryption.bad_sign')
  let payload: unknown
  try {
    const text = decryptData(unwrapped.key, unwrapped.iv, data)
    if (exceedsJsonDepth(text, JSON_DEPTH + 1))
      throw new AppError('bad_request', 'errors.too_deep', { params: { depth: JSON_DEPTH } })
    payload = JSON.parse(text)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw refuse('encryption.bad_data')
  }
  const { timestamp, nonce, body } = (payload ?? {}) as Record<string, unknown>
  if (typeof timestamp !== 'number' || typeof nonce !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) {
    throw refuse('encryption.malformed')
  }
  if (Math.abs(Date.now() - timestamp) > ENCRYPTION_WINDOW_MS) throw refuse('encryption.expired')
  if (!(await app.nonceStore.claim(nonce, 2 * ENCRYPTION_WINDOW_MS))) throw refuse('encryption.replay')
  request.body = body
  request.payloadKey = unwrapped.key
}

/** onSend hook: the answer to an encrypted request of a client that sent `Support-Response-Encryption: 1`, sealed. */
export async function sealAnswerPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const key = request.payloadKey
  if (!key || request.headers['support-response-encryption'] !== '1' || typeof payload !== 'string')
    return payload
  reply.header('Response-Encryption', '1')
  reply.header('content-type', 'application/json; charset=utf-8')
  return JSON.stringify(sealAnswer(key, payload))
}

/** The replay store of the whole server (Redis when REDIS_URL is set), closed with it. */
export const apiEncryptionPlugin = fp(async (app: FastifyInstance) => {
  const database = databaseNonceStore(app.db)
  const store = app.config.redisUrl
    ? redisNonceStore(
        openRedis(app.config.redisUrl, app.log, 'replay checks of encrypted requests'),
        database,
      )
    : database
  app.decorate('nonceStore', store)
  app.addHook('onClose', async () => store.close())
})
