import type { SmsProvider } from './sms-types'

/** POSTs `{mobile, content}` as JSON with a bearer token; any 2xx answer means accepted. */
export function createHttpSmsProvider(options: {
  url: string
  token: string
  timeoutMs?: number
}): SmsProvider {
  return {
    name: 'http',
    async deliver(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ mobile: message.mobile, content: message.content }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200)
        throw new Error(`SMS gateway answered ${response.status} ${detail}`.trim())
      }
    },
  }
}
