import fs from 'node:fs'
import path from 'node:path'
import { buildApp } from './app'
import { ConfigError, loadConfig, readEnvFile } from './config'
import { openDatabase } from './db/client'
import { seedDemo } from './db/seed/demo/seed-demo'
import { seedDatabase } from './db/seed/index'
import { removeControlFile, writeControlFile } from './local-control/control-file'
import { buildLogger, startLogPruning } from './logger'
import { startScheduler } from './modules/jobs/scheduler'
import { startWebhookDelivery } from './modules/webhooks/deliver-webhooks'
import { WEBHOOK_CHANNEL } from './operation-log/write-operation-log'
import { randomString } from './secrets'

/**
 * The generated password of the super administrator: written to DATA_DIR/admin-password.txt
 * (readable by the owner only) and shown once in a box on the terminal, never in the log.
 */
function announceAdminPassword(dataDir: string, password: string): void {
  const file = path.join(dataDir, 'admin-password.txt')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, `admin\n${password}\n`, { mode: 0o600 })
  const lines = [
    'The super administrator account was created.',
    `username: admin    password: ${password}`,
    `Also kept in ${file} (readable by you only):`,
    'delete that file once you have changed the password.',
  ]
  const width = Math.max(...lines.map((line) => line.length))
  const rule = `+${'-'.repeat(width + 2)}+`
  process.stdout.write(
    `\n${[rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n')}\n\n`,
  )
}

async function start() {
  readEnvFile()
  const config = loadConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    poolMax: config.databasePoolMax,
    directUrl: config.databaseDirectUrl,
    namedStatements: config.databaseNamedStatements,
    replicaUrl: config.databaseReplicaUrl,
    replicaMaxLagMs: config.replicaMaxLagMs,
  })
  await database.migrate()
  const seeded = await seedDatabase(database.db, { adminPassword: config.adminPassword, env: config.env })
  const demo = seeded.created && config.seedDemo ? await seedDemo(database.db) : undefined
  // On the embedded database, a command run beside the server (npm run seed:demo) asks the server.
  const controlToken = config.databaseUrl ? undefined : randomString(40)
  const logger = await buildLogger(config)
  // Whatever ends the process, the lines still gathered are written.
  process.once('exit', () => logger.flush())
  const app = await buildApp({
    config,
    database,
    logger: logger.options,
    localControlToken: controlToken,
  })

  if (config.logLevel !== 'silent')
    startLogPruning(config, (error) => app.log.warn({ err: error }, 'log pruning failed'))

  // The scheduled jobs (the one home of the server's schedules), and webhooks sent after commit.
  const stopScheduler = startScheduler(app)
  const stopWebhookDelivery = await startWebhookDelivery(app, WEBHOOK_CHANNEL)

  if (seeded.adminPasswordGenerated) announceAdminPassword(config.dataDir, seeded.adminPasswordGenerated)
  if (demo) app.log.info(demo, 'demo data added (SEED_DEMO)')

  let control: ReturnType<typeof writeControlFile> | undefined
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    if (control) removeControlFile(config.dataDir, control)
    // Behind a load balancer (SIGTERM of a rolling restart): not ready, still serving, until its health
    // check has taken the process out; then close, which finishes the requests under way.
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      app.lifecycle.draining = true
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
    }
    const exit = (code: number) => {
      logger.flush()
      process.exit(code)
    }
    const timer = setTimeout(() => exit(1), 10_000).unref()
    try {
      await stopScheduler()
      await stopWebhookDelivery()
      await app.close()
      await database.close()
      clearTimeout(timer)
      exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  await app.cluster.join(app.server.address())
  const nodes = await app.cluster.nodes()
  if (nodes.length > 1 && config.uploadProvider !== 's3')
    app.log.warn(
      { nodes: nodes.map((node) => node.id) },
      'several server processes share the database: uploads to this server are refused unless the upload settings choose S3',
    )
  if (controlToken) {
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    control = writeControlFile(config.dataDir, port, controlToken)
  }
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
