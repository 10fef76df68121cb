import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

/**
 * An SMTP server in this process that accepts every message and writes it, as received, to
 * `<dir>/<time>-<n>.eml` — the mailbox the specs read codes from.
 */
export async function startSmtpInbox(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true })
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const name = `${Date.now()}-${String(++count).padStart(4, '0')}.eml`
        fs.writeFileSync(path.join(dir, name), Buffer.concat(chunks))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
