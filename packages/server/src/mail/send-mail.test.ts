import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { mailOutbox } from '../db/schema/index'
import { createTestApp, type TestApp } from '../testing/test-app'
import { sendMail } from './send-mail'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A logger that keeps what it was given. */
function recordingLogger() {
  const lines: Array<{ level: string; args: unknown[] }> = []
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, args })
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') }
  return { log: log as unknown as FastifyBaseLogger, text: () => JSON.stringify(lines), lines }
}

const message = (to: string) => ({
  to,
  subject: 'Your code',
  text: 'Your code is 424242.',
  secrets: ['424242'],
})

describe('sendMail without MAIL_HOST (log transport)', () => {
  it('outside production keeps the body in mail_outbox and logs it, so a developer can read the code', async () => {
    const { log, text } = recordingLogger()
    await sendMail(t.app, log, message('dev@example.com'))
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'dev@example.com'))
    expect(row).toMatchObject({ transport: 'log', status: 'logged', body: 'Your code is 424242.' })
    expect(text()).toContain('424242')
  })

  it('in production keeps and logs neither body nor code, and warns that nothing was delivered', async () => {
    const production = loadConfig({ APP_ENV: 'production', APP_KEY: 'k'.repeat(32), LOG_LEVEL: 'silent' })
    const app = { config: production, db: t.app.db } as unknown as FastifyInstance
    const { log, text, lines } = recordingLogger()
    await sendMail(app, log, message('prod@example.com'))
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'prod@example.com'))
    expect(row).toMatchObject({ transport: 'log', body: null })
    expect(text()).not.toContain('424242')
    expect(lines.map((l) => l.level)).toEqual(['warn'])
  })
})
