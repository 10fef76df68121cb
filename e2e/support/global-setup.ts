import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { OIDC_CLIENT, startOidcProvider } from './openid-provider'
import { prepareDatabaseTemplate, type RunningServer, startServer } from './server'
import { startSmtpInbox } from './smtp-inbox'

export { E2E_ADMIN_PASSWORD } from './server'

/** What the specs of one worker share: its server, with the SMTP inbox and an OpenID provider of its own beside it. */
export interface SharedServer {
  baseUrl: string
  /** The server's output: JSON log lines, the log SMS provider's texts among them. */
  serverLog: string
}

/**
 * Prepares the database every server of the run copies, then starts one built server (see startServer) for each
 * worker, with an OpenID provider each and one SMTP inbox for all, in this process: the spec files of a worker
 * run one after another on its server, and the workers' files side by side on theirs (support/shared-server).
 */
export default async function setup(project: TestProject) {
  const removeTemplate = await prepareDatabaseTemplate()
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-e2e-mail-'))
  const smtp = await startSmtpInbox(mailDir)
  const providers: Awaited<ReturnType<typeof startOidcProvider>>[] = []
  const servers: RunningServer[] = []
  const prefix = `OIDC_${OIDC_CLIENT.name.toUpperCase()}_`
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await Promise.all([smtp.close(), ...providers.map((provider) => provider.close())])
    fs.rmSync(mailDir, { recursive: true, force: true })
    removeTemplate()
  }
  try {
    const started = await Promise.allSettled(
      Array.from({ length: project.config.maxWorkers }, () =>
        startServer({}, async (baseUrl) => {
          const oidc = await startOidcProvider(baseUrl)
          providers.push(oidc)
          return {
            MAIL_HOST: '127.0.0.1',
            MAIL_PORT: String(smtp.port),
            SMS_PROVIDER: 'log',
            OIDC_PROVIDERS: OIDC_CLIENT.name,
            [`${prefix}ISSUER`]: oidc.issuer,
            [`${prefix}CLIENT_ID`]: OIDC_CLIENT.id,
            [`${prefix}CLIENT_SECRET`]: OIDC_CLIENT.secret,
            [`${prefix}LABEL`]: OIDC_CLIENT.label,
          }
        }),
      ),
    )
    for (const one of started) if (one.status === 'fulfilled') servers.push(one.value)
    const failed = started.find((one) => one.status === 'rejected')
    if (failed) throw failed.reason
  } catch (error) {
    await stopAll()
    throw error
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, serverLog }) => ({ baseUrl, serverLog })),
  )
  project.provide('mailDir', mailDir)
  return stopAll
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server of each worker (the first for the first worker, ...). */
    servers: SharedServer[]
    /** Where the SMTP inbox writes each message it receives (`.eml`). */
    mailDir: string
  }
}
