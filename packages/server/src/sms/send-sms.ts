import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { smsOutbox } from '../db/schema/index'
import { AppError } from '../errors'
import { maskSecrets } from '../mail/mask-secrets'
import { smsProviderOf } from './sms-provider'

export interface OutgoingSms {
  mobile: string
  content: string
  /** Parts of the content (codes) masked in the outbox and the log in production. */
  secrets?: string[]
}

/**
 * Hands a text message to the configured provider and records it in sms_outbox. Outside production
 * the content is kept and logged as is (that is how a developer reads the code with the log
 * provider); in production the code is masked. A refused message answers 500 with a clear message.
 */
export async function sendSms(app: FastifyInstance, log: FastifyBaseLogger, sms: OutgoingSms) {
  const { config, db } = app
  const provider = smsProviderOf(config)
  const kept = config.env === 'production' ? maskSecrets(sms.content, sms.secrets) : sms.content
  const record = { mobile: sms.mobile, content: kept, provider: provider.name }
  try {
    await provider.deliver({ mobile: sms.mobile, content: sms.content })
  } catch (error) {
    const reason = maskSecrets(error instanceof Error ? error.message : String(error), sms.secrets)
    await db.insert(smsOutbox).values({ ...record, status: 'failed', error: reason })
    log.error({ mobile: sms.mobile, provider: provider.name, reason }, 'sms delivery failed')
    throw new AppError('internal', 'code.send_failed')
  }
  await db.insert(smsOutbox).values({ ...record, status: provider.name === 'log' ? 'logged' : 'sent' })
  if (provider.name === 'log' && config.env === 'production') {
    log.warn({ mobile: sms.mobile, content: kept }, 'sms not delivered: SMS_PROVIDER is log')
  } else {
    log.info({ mobile: sms.mobile, provider: provider.name, content: kept }, 'sms sent')
  }
}
