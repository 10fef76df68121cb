import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { mailOutbox } from '../db/schema/index'
import { AppError } from '../errors'
import { mailTransportOf } from './mail-transport'
import { maskSecrets } from './mask-secrets'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** Parts of the text (codes) that must not be kept or logged in production. */
  secrets?: string[]
}

/**
 * Sends an e-mail and records it in mail_outbox. With no SMTP server configured the message goes to
 * the log transport: outside production its body is logged and kept in the outbox (that is how a
 * developer reads the code); in production only the recipient and subject are, never the code.
 * A failed delivery answers 500 with a clear message.
 */
export async function sendMail(app: FastifyInstance, log: FastifyBaseLogger, message: MailMessage) {
  const { config, db } = app
  const production = config.env === 'production'
  const transport = mailTransportOf(config)
  const record = { recipient: message.to.slice(0, 255), subject: message.subject.slice(0, 255) }
  if (transport.kind === 'log') {
    const body = production ? null : message.text
    await db.insert(mailOutbox).values({ ...record, body, transport: 'log', status: 'logged' })
    if (production) {
      log.warn({ to: message.to, subject: message.subject }, 'mail not delivered: MAIL_HOST is not set')
    } else {
      log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (log transport)')
    }
    return
  }
  try {
    const info = await transport.transporter.sendMail({
      from: config.mail.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    })
    await db
      .insert(mailOutbox)
      .values({ ...record, transport: 'smtp', status: 'sent', message_id: String(info.messageId ?? '') })
    log.info({ to: message.to, subject: message.subject }, 'mail sent')
  } catch (error) {
    const reason = maskSecrets(error instanceof Error ? error.message : String(error), message.secrets)
    await db.insert(mailOutbox).values({ ...record, transport: 'smtp', status: 'failed', error: reason })
    log.error({ to: message.to, reason }, 'mail delivery failed')
    throw new AppError('internal', 'code.send_failed')
  }
}
