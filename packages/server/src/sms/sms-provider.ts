import type { AppConfig } from '../config'
import { createHttpSmsProvider } from './http-sms-provider'
import type { SmsProvider } from './sms-types'

/** The log provider delivers nothing: sendSms records the message in sms_outbox and the log. */
export const logSmsProvider: SmsProvider = { name: 'log', deliver: async () => {} }

const providers = new WeakMap<AppConfig, SmsProvider>()

/** The provider SMS_PROVIDER selects; one per configuration. */
export function smsProviderOf(config: AppConfig): SmsProvider {
  const existing = providers.get(config)
  if (existing) return existing
  const provider =
    config.sms.provider === 'http' && config.sms.httpUrl
      ? createHttpSmsProvider({ url: config.sms.httpUrl, token: config.sms.httpToken ?? '' })
      : logSmsProvider
  providers.set(config, provider)
  return provider
}
