import type { AppEnv } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { seedJobs } from '../../modules/jobs/job-schedule'
import type { Db } from '../client'
import { seedCatalogue } from './catalogue/seed-catalogue'
import { seedConfigs } from './seed-configs'
import { seedMenus } from './seed-menus'
import { type SeededAdmin, seedAdminUser, seedSuperAdminRole } from './seed-super-admin'

/** Serialises servers that start together on the same database. */
const SEED_LOCK_KEY = 7_201_001

export interface SeedOptions {
  /** The super administrator's password; generated (and returned) when absent. */
  adminPassword?: string
  /** The environment being seeded; the seeded data is currently the same in every environment. */
  env: AppEnv
}

/**
 * Seeds what an installation needs and is missing: the menu tree, the super administrator role
 * and user, the default settings. Rows that exist are never changed, so running it again on
 * every start is safe.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeededAdmin> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const newMenuIds = await seedMenus(tx)
    await seedSuperAdminRole(tx, newMenuIds)
    const result = await seedAdminUser(tx, options.adminPassword)
    await seedConfigs(tx)
    await seedCatalogue(tx)
    // A database of an older schema (the upgrade tests seed one before migrating it) has no jobs'
    // table yet: the next start, after its migrations, seeds them.
    const jobs = (await tx.execute(
      sql`select to_regclass('scheduled_jobs') is not null as present`,
    )) as unknown as {
      rows: { present: boolean }[]
    }
    if (jobs.rows[0]?.present) await seedJobs(tx)
    return result
  })
}
