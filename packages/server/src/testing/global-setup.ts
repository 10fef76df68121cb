import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client'
import { seedDatabase } from '../db/seed/index'
import { randomString } from '../secrets'
import { TEST_ADMIN_PASSWORD } from './test-app'
import { createServerDatabase, dropServerDatabase, type TestTemplates } from './test-database'

/**
 * Prepares, once per run, a migrated database and a migrated and seeded one, which every test file
 * then copies (a PostgreSQL template, or a dumped PGlite data folder) instead of migrating and
 * seeding its own: the seed (regions, menus, an argon2 hash) is most of a test file's set-up.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  const prepared: TestTemplates = {}
  let cleanUp: () => Promise<void>
  if (serverUrl) {
    const prefix = `brokerdesk_tmpl_${randomString(8).toLowerCase()}`
    const names = { bare: `${prefix}_bare`, seeded: `${prefix}_seeded` }
    const bare = await openDatabase({ url: await createServerDatabase(serverUrl, names.bare) })
    await bare.migrate()
    await bare.close()
    const seeded = await openDatabase({
      url: await createServerDatabase(serverUrl, names.seeded, names.bare),
    })
    await seedDatabase(seeded.db, { adminPassword: TEST_ADMIN_PASSWORD, env: 'testing' })
    await seeded.close()
    prepared.postgres = names
    cleanUp = async () => {
      for (const name of Object.values(names)) await dropServerDatabase(serverUrl, name)
    }
  } else {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-templates-'))
    const files = { bare: path.join(folder, 'bare.tar.gz'), seeded: path.join(folder, 'seeded.tar.gz') }
    const database = await openDatabase({})
    await database.migrate()
    const dump = async (file: string) => {
      const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } })
        .$client
      fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()))
    }
    await dump(files.bare)
    await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD, env: 'testing' })
    await dump(files.seeded)
    await database.close()
    prepared.pglite = files
    cleanUp = async () => fs.rmSync(folder, { recursive: true, force: true })
  }
  project.provide('testTemplates', prepared)
  return cleanUp
}
