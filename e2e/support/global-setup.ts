import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { OIDC_CLIENT, startOidcProvider } from './openid-provider'
import { prepareDatabaseTemplate, startServer } from './server'
import { startSmtpInbox } from './smtp-inbox'

export { E2E_ADMIN_PASSWORD } from './server'

/**
 * Prepares the database every server of the run copies, then starts the built server (see startServer) with an SMTP inbox and an OpenID provider beside it in
 * this process, for every spec to share.
 */
export default async function setup(project: TestProject) {
  const removeTemplate = await prepareDatabaseTemplate()
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-e2e-mail-'))
  const smtp = await startSmtpInbox(mailDir)
  let oidc: Awaited<ReturnType<typeof startOidcProvider>> | undefined
  const prefix = `OIDC_${OIDC_CLIENT.name.toUpperCase()}_`
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({}, async (baseUrl) => {
      oidc = await startOidcProvider(baseUrl)
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
    })
  } catch (error) {
    await Promise.all([smtp.close(), oidc?.close()])
    fs.rmSync(mailDir, { recursive: true, force: true })
    removeTemplate()
    throw error
  }
  project.provide('baseUrl', server.baseUrl)
  project.provide('serverLog', server.serverLog)
  project.provide('mailDir', mailDir)

  return async () => {
    await server.stop()
    await Promise.all([smtp.close(), oidc?.close()])
    fs.rmSync(mailDir, { recursive: true, force: true })
    removeTemplate()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's output: JSON log lines, the log SMS provider's texts among them. */
    serverLog: string
    /** Where the SMTP inbox writes each message it receives (`.eml`). */
    mailDir: string
  }
}
