import { randomInt } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Tx } from '../client'
import { adminRole, menuRole, menus, roles, users } from '../schema/index'
import { bumpIdSequence } from './sequences'

export const SUPER_ADMIN_ROLE_ID = 1
export const ADMIN_USER_ID = 1
export const ADMIN_UNAME = 'admin'

/** The seeded English texts of the super administrator role and user (answered translated: i18n/seeded-texts.ts). */
export const SUPER_ADMIN_ROLE_TEXTS = { name: 'Super administrator', description: 'Holds every permission' }
export const ADMIN_USER_TEXTS = { name: 'Administrator' }

const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function generatePassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('')
}

/**
 * Creates the super administrator role and grants it `newMenuIds`, or every menu item when the
 * role itself is new.
 */
export async function seedSuperAdminRole(tx: Tx, newMenuIds: number[]): Promise<void> {
  const { name, description } = SUPER_ADMIN_ROLE_TEXTS
  const created = await insertNamingColumns<{ id: number }>(
    tx,
    sql`insert into roles (id, name, description, parent_id, level, left_margin, right_margin)
      values (${SUPER_ADMIN_ROLE_ID}, ${name}, ${description}, 0, 1, 1, 2) on conflict (id) do nothing returning id`,
  )
  if (created.length > 0) await bumpIdSequence(tx, roles)
  const menuIds =
    created.length > 0 ? (await tx.select({ id: menus.id }).from(menus)).map((m) => m.id) : newMenuIds
  if (menuIds.length === 0) return
  await tx
    .insert(menuRole)
    .values(menuIds.map((menu_id) => ({ role_id: SUPER_ADMIN_ROLE_ID, menu_id })))
    .onConflictDoNothing()
}

/**
 * Creates the `admin` user with an admins row holding the super administrator role, unless a user
 * with that id or name exists. Returns the password when it had to be generated.
 */
export interface SeededAdmin {
  /** The super administrator was created now: the installation's first start. */
  created: boolean
  /** The password generated for it (when ADMIN_PASSWORD was not given). */
  adminPasswordGenerated?: string
}

export async function seedAdminUser(tx: Tx, adminPassword: string | undefined): Promise<SeededAdmin> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, ADMIN_USER_ID), and(eq(users.uname, ADMIN_UNAME), isNull(users.deleted_at))))
    .limit(1)
  if (existing) return { created: false }

  const password = adminPassword ?? generatePassword()
  const [user] = await insertNamingColumns<{ id: number }>(
    tx,
    sql`insert into users (id, uname, password, name, email, status)
      values (${ADMIN_USER_ID}, ${ADMIN_UNAME}, ${await hash(password)}, ${ADMIN_USER_TEXTS.name},
        'admin@brokerdesk.local', 1) on conflict do nothing returning id`,
  )
  if (!user) return { created: false }
  await bumpIdSequence(tx, users)

  const [admin] = await insertNamingColumns<{ id: number }>(
    tx,
    sql`insert into admins (user_id) values (${user.id}) returning id`,
  )
  await tx.insert(adminRole).values({ admin_id: admin.id, role_id: SUPER_ADMIN_ROLE_ID })
  return adminPassword ? { created: true } : { created: true, adminPasswordGenerated: password }
}

/**
 * An insert naming only the columns it sets: the seed also runs on the schema of an older
 * installation before its later migrations (the upgrade tests make one so), where a column added
 * since — which drizzle's insert would name with `default` — does not exist yet.
 */
async function insertNamingColumns<T>(tx: Tx, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(statement)) as unknown as { rows: T[] }
  return result.rows.map((row) => ({ ...row, id: Number((row as { id: unknown }).id) }))
}
