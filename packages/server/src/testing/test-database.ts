import pg from 'pg'
import { type Database, openDatabase } from '../db/client'
import { randomString } from '../secrets'

/** PostgreSQL's "database is being accessed by other users". */
const OBJECT_IN_USE = '55006'

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or — when TEST_DATABASE_URL
 * is set — a new database on that PostgreSQL server, dropped again on close. `migrate: false`
 * leaves it empty (a test of the migrations themselves).
 */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<Database> {
  const migrate = options.migrate ?? true
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openDatabase({})
    if (migrate) await database.migrate()
    return database
  }
  const name = `brokerdesk_test_${randomString(10).toLowerCase()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  if (migrate) await database.migrate()
  return {
    ...database,
    async close() {
      await database.close()
      // Not `with (force)`: killing a connection the pool is still closing makes its client emit an
      // unhandled error. The pool's last sockets close within moments; wait for them instead.
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await dropper.query(`drop database if exists ${name}`)
            break
          } catch (error) {
            const inUse = (error as { code?: string }).code === OBJECT_IN_USE
            if (!inUse || attempt === 100) throw error
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        }
      } finally {
        await dropper.end()
      }
    },
  }
}
