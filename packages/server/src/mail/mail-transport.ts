import nodemailer, { type Transporter } from 'nodemailer'
import type { AppConfig } from '../config'

export type MailTransport = { kind: 'smtp'; transporter: Transporter } | { kind: 'log' }

const transports = new WeakMap<AppConfig, MailTransport>()

/** SMTP when MAIL_HOST is set, otherwise the log transport; one per configuration, made on first use. */
export function mailTransportOf(config: AppConfig): MailTransport {
  const existing = transports.get(config)
  if (existing) return existing
  const { host, port, secure, user, password } = config.mail
  const transport: MailTransport = host
    ? {
        kind: 'smtp',
        transporter: nodemailer.createTransport({
          host,
          port,
          secure,
          auth: user ? { user, pass: password ?? '' } : undefined,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        }),
      }
    : { kind: 'log' }
  transports.set(config, transport)
  return transport
}
