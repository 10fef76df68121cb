import path from 'node:path'
import { ConfigError, loadConfig, readEnvFile } from '../../../config'
import { readControlFile } from '../../../local-control/control-file'
import { openDatabase } from '../../client'
import { seedDatabase } from '../index'
import { type DemoResult, seedDemo } from './seed-demo'

/**
 * Asks the server running on the embedded database in `dataDir` to add the demo set (it alone may
 * open that database). Undefined when no server runs there (no control file, or nobody answers).
 */
async function askRunningServer(dataDir: string): Promise<DemoResult | undefined> {
  const control = readControlFile(dataDir)
  if (!control) return undefined
  let response: Response
  try {
    response = await fetch(`http://127.0.0.1:${control.port}/local/seed-demo`, {
      method: 'POST',
      headers: { 'x-control-token': control.token },
    })
  } catch {
    return undefined // a file left by a server that is gone
  }
  if (!response.ok) throw new Error(`The running server refused the demo seed (${response.status}).`)
  return (await response.json()) as DemoResult
}

/**
 * `npm run seed:demo`: the demo set on the embedded database in DATA_DIR (through the server when
 * one is running on it) or on DATABASE_URL; without a server, the installation's seed first.
 */
async function run() {
  readEnvFile()
  const config = loadConfig()
  const where = config.databaseUrl ? 'DATABASE_URL' : path.join(config.dataDir, 'pgdata')
  const report = (result: DemoResult) =>
    process.stdout.write(
      `Demo data added to ${where}: ${result.firms} companies, ${result.products} products.\n`,
    )
  const viaServer = config.databaseUrl ? undefined : await askRunningServer(config.dataDir)
  if (viaServer) return report(viaServer)

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  })
  try {
    await database.migrate()
    const seeded = await seedDatabase(database.db, { adminPassword: config.adminPassword, env: config.env })
    if (seeded.adminPasswordGenerated) {
      process.stdout.write(`The super administrator was created: admin / ${seeded.adminPasswordGenerated}\n`)
    }
    report(await seedDemo(database.db))
  } finally {
    await database.close()
  }
}

run().catch((error) => {
  process.stderr.write(
    error instanceof ConfigError ? `${error.message}\n` : `The demo seed failed: ${error?.stack ?? error}\n`,
  )
  process.exit(1)
})
