import path from 'node:path'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { seedDatabase } from './db/seed/index'
import { buildLoggerOptions, startLogPruning } from './logger'

async function start() {
  const config = loadConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
  })
  await database.migrate()
  const seeded = await seedDatabase(database.db, { adminPassword: config.adminPassword, env: config.env })
  const app = await buildApp({ config, database, logger: buildLoggerOptions(config) })

  if (config.logLevel !== 'silent')
    startLogPruning(config, (error) => app.log.warn({ err: error }, 'log pruning failed'))

  if (seeded.adminPasswordGenerated) {
    // Printed once, on the first start of an empty database, and never logged to files.
    process.stdout.write(
      `\n  The super administrator account was created.\n  username: admin\n  password: ${seeded.adminPasswordGenerated}\n  (set ADMIN_PASSWORD to choose it; this is the only time it is shown)\n\n`,
    )
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000).unref()
    try {
      await app.close()
      await database.close()
      clearTimeout(timer)
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  app.log.info(`Brokerdesk is running on http://localhost:${config.port} (${database.kind})`)
}

start().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`)
  } else {
    process.stderr.write(
      `Brokerdesk failed to start: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
    )
  }
  process.exit(1)
})
