import type { DataScope } from '@brokerdesk/shared'
import { eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  adminRole,
  admins,
  classifys,
  firms,
  menuRole,
  menus,
  pclassifys,
  products,
  roles,
  users,
} from '../../db/schema/index'

let sequence = 0
const next = () => ++sequence

export async function insertFirm(db: Db, values: Partial<typeof firms.$inferInsert> = {}) {
  const n = next()
  const [row] = await db
    .insert(firms)
    .values({ name: `Firm ${n}`, full_name: `Firm ${n} Insurance Co., Ltd.`, ...values })
    .returning()
  return row
}

/** A first-level classification with one child, and a grouping: what a product needs. */
export async function insertProductParents(db: Db) {
  const n = next()
  const [top] = await db
    .insert(classifys)
    .values({
      name: `Class ${n}`,
      parent_id: 0,
      level: 1,
      left_margin: 10_000 + n * 10,
      right_margin: 10_003 + n * 10,
    })
    .returning()
  const [child] = await db
    .insert(classifys)
    .values({
      name: `Sub ${n}`,
      parent_id: top.id,
      level: 2,
      left_margin: 10_001 + n * 10,
      right_margin: 10_002 + n * 10,
    })
    .returning()
  const [group] = await db
    .insert(pclassifys)
    .values({
      name: `Group ${n}`,
      parent_id: 0,
      level: 1,
      left_margin: 10_000 + n * 10,
      right_margin: 10_001 + n * 10,
    })
    .returning()
  return { classify: top, classify2: child, pclassify: group }
}

export async function insertProduct(
  db: Db,
  parents: Awaited<ReturnType<typeof insertProductParents>> & { firmId: number },
  values: Partial<typeof products.$inferInsert> = {},
) {
  const n = next()
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${n}`,
      firm_id: parents.firmId,
      classify_id: parents.classify.id,
      classify2_id: parents.classify2.id,
      pclassify_id: parents.pclassify.id,
      ...values,
    })
    .returning()
  return row
}

/**
 * A back-office user whose one role holds exactly the given menu items (by url and method), to
 * check what an administrator without a permission gets.
 */
export async function insertLimitedAdmin(db: Db, grants: Array<{ url: string; method: number }>) {
  const n = next()
  const [user] = await db
    .insert(users)
    .values({ uname: `clerk${n}x`, name: `Clerk ${n}`, status: 1 })
    .returning()
  const [role] = await db
    .insert(roles)
    .values({ name: `Clerk role ${n}`, parent_id: 1 })
    .returning()
  const [admin] = await db.insert(admins).values({ user_id: user.id }).returning()
  await db.insert(adminRole).values({ admin_id: admin.id, role_id: role.id })
  for (const grant of grants) {
    const items = await db
      .select({ id: menus.id, method: menus.method })
      .from(menus)
      .where(eq(menus.url, grant.url))
    for (const item of items.filter((i) => (i.method & grant.method) !== 0)) {
      await db.insert(menuRole).values({ role_id: role.id, menu_id: item.id })
    }
  }
  return { user, role }
}

/**
 * A back-office user of an organisation unit whose one role (`roleId`, or a new one with this data
 * scope) holds the given menu items (every item when none are given): what a scoped administrator sees.
 */
export async function insertScopedAdmin(
  db: Db,
  options: { departmentId: number; dataScope: DataScope; roleId?: number; menuIds?: number[] },
) {
  const n = next()
  const [user] = await db
    .insert(users)
    .values({ uname: `scoped${n}x`, name: `Scoped ${n}`, status: 1, department_id: options.departmentId })
    .returning()
  const [role] = options.roleId
    ? await db.select().from(roles).where(eq(roles.id, options.roleId))
    : await db
        .insert(roles)
        .values({ name: `Scoped role ${n}`, parent_id: 1, data_scope: options.dataScope })
        .returning()
  const [admin] = await db
    .insert(admins)
    .values({ user_id: user.id, department_id: options.departmentId })
    .returning()
  await db.insert(adminRole).values({ admin_id: admin.id, role_id: role.id })
  const menuIds =
    options.menuIds ??
    (await db.select({ id: menus.id }).from(menus).where(isNull(menus.deleted_at))).map((item) => item.id)
  if (menuIds.length > 0)
    await db
      .insert(menuRole)
      .values(menuIds.map((menu_id) => ({ role_id: role.id, menu_id })))
      .onConflictDoNothing()
  return { user, role, admin }
}
