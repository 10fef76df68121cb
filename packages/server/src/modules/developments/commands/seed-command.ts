import { count, getTableName, isNull } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../../db/client'
import {
  areas,
  banks,
  classifys,
  configs,
  menus,
  pclassifys,
  roles,
  users,
  years,
} from '../../../db/schema/index'
import { seedDatabase } from '../../../db/seed/index'
import type { Command } from './command-types'

const SEEDED = [menus, roles, users, configs, areas, banks, classifys, pclassifys, years] as const

async function countRows(db: Db): Promise<number[]> {
  return Promise.all(
    SEEDED.map(async (table) => {
      const [row] = await db
        .select({ total: count() })
        .from(table as PgTable)
        .where(isNull((table as typeof menus).deleted_at))
      return row.total
    }),
  )
}

/**
 * Seeds what the installation lacks (menu items, the super administrator, settings, reference
 * data), as every start does, and says what was added. A generated password is never printed:
 * the output goes to the operation log.
 */
export const seedCommand: Command<'seed'> = async (_params, { app, print }) => {
  const before = await countRows(app.db)
  const seeded = await seedDatabase(app.db, { adminPassword: app.config.adminPassword, env: app.config.env })
  const after = await countRows(app.db)
  SEEDED.forEach((table, index) => {
    const added = after[index] - before[index]
    print(`${getTableName(table)}: ${after[index]} (${added > 0 ? `+${added}` : 'nothing added'})`)
  })
  if (seeded.adminPasswordGenerated) {
    print(
      'The super administrator "admin" was created with a generated password: set one with reset-password.',
    )
  }
}
