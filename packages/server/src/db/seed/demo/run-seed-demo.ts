import path from 'node:path'
import { ConfigError, loadConfig } from '../../../config'
import { openDatabase } from '../../client'
import { seedDatabase } from '../index'
import { seedDemo } from './seed-demo'

/**
 * `npm run seed:demo`: the installation's seed, then the demo set, on the embedded database in
 * DATA_DIR (stop the server first; PGlite has one user at a time) or on DATABASE_URL.
 */
async function run() {
  const config = loadConfig()
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
    const result = await seedDemo(database.db)
    const where = config.databaseUrl ? 'DATABASE_URL' : path.join(config.dataDir, 'pgdata')
    process.stdout.write(
      `Demo data added to ${where}: ${result.firms} companies, ${result.products} products.\n`,
    )
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
