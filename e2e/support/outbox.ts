import fs from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { sharedServer } from './shared-server'

/** The first 6-digit number standing alone in a text: a verification code. */
function codeIn(text: string): string | undefined {
  return /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0]
}

async function poll<T>(read: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** The texts the log SMS provider "sent" to `mobile`, oldest first (from the server's log lines). */
export function smsTo(mobile: string): string[] {
  const texts: string[] = []
  for (const line of fs.readFileSync(sharedServer().serverLog, 'utf8').split('\n')) {
    if (!line.startsWith('{') || !line.includes(mobile)) continue
    try {
      const entry = JSON.parse(line) as { msg?: string; mobile?: string; content?: string }
      if (entry.msg === 'sms sent' && entry.mobile === mobile && entry.content) texts.push(entry.content)
    } catch {
      // not a log line of ours
    }
  }
  return texts
}

/** Waits for a text to `mobile` beyond the `known` ones and answers its code. */
export function waitForSmsCode(mobile: string, known: number): Promise<string> {
  return poll(() => {
    const text = smsTo(mobile)[known]
    return text === undefined ? undefined : codeIn(text)
  }, `SMS to ${mobile}`)
}

/** A received message's plain text: its body, decoded from quoted-printable or base64. */
function bodyOf(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4)
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64')
    return { headers, text: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') }
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return { headers, text: Buffer.from(bytes, 'latin1').toString('utf8') }
  }
  return { headers, text: body }
}

/** The messages the SMTP inbox received for `address`, oldest first. */
export function mailTo(address: string): string[] {
  const dir = inject('mailDir')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => bodyOf(fs.readFileSync(path.join(dir, name), 'utf8')))
    .filter(({ headers }) => new RegExp(`^to:.*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(headers))
    .map(({ text }) => text)
}

/** Waits for a message to `address` beyond the `known` ones and answers its code. */
export function waitForMailCode(address: string, known: number): Promise<string> {
  return poll(() => {
    const text = mailTo(address)[known]
    return text === undefined ? undefined : codeIn(text)
  }, `mail to ${address}`)
}
