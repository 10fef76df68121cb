import { type Column, type SQL, sql } from 'drizzle-orm'
import { isSuperAdmin } from '../../access/held-menus'
import { admins, users } from '../../db/schema/index'

/**
 * A condition on an admin record (`adminId`): it holds no role outside the reach of `roleIds` —
 * every role it holds is a live role strictly below one of the caller's own (the role tree's reach,
 * as `rolesBelow` draws it for the roles resource).
 */
function holdsOnlyRolesBelow(adminId: SQL, roleIds: readonly number[]): SQL {
  const own = sql.join(
    roleIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return sql`not exists (
    select 1 from admin_role held
    where held.admin_id = ${adminId}
      and not exists (
        select 1 from roles r join roles mine on mine.id in (${own}) and mine.deleted_at is null
        where r.id = held.role_id and r.deleted_at is null
          and r.left_margin > mine.left_margin and r.right_margin < mine.right_margin
      )
  )`
}

/**
 * The admin records a caller holding `roleIds` may change or remove: those whose roles are all
 * within the caller's reach (every record for the super administrator; never the caller's own).
 * Undefined means no restriction.
 */
export function adminsWithinReach(roleIds: readonly number[]): SQL | undefined {
  if (isSuperAdmin(roleIds)) return undefined
  if (roleIds.length === 0) return sql`false`
  return holdsOnlyRolesBelow(sql`${admins.id}`, roleIds)
}

/**
 * The accounts a caller holding `roleIds` may manage through any path to the users table (list,
 * show, export, update, import, delete): ordinary accounts, and accounts of back-office users whose
 * admin record is within the caller's reach. An ordinary-users manager therefore manages ordinary
 * users only, and nobody below the super administrator touches the super administrator's account.
 */
export function accountsWithinReach(roleIds: readonly number[]): SQL | undefined {
  if (isSuperAdmin(roleIds)) return undefined
  if (roleIds.length === 0) {
    return sql`not exists (select 1 from admins a where a.user_id = ${users.id} and a.deleted_at is null)`
  }
  return sql`not exists (
    select 1 from admins a
    where a.user_id = ${users.id} and a.deleted_at is null and not (${holdsOnlyRolesBelow(sql`a.id`, roleIds)})
  )`
}

/**
 * The records written by an account (`authorId`: messages' `user_id`) a caller may change or remove:
 * their own, and those of the accounts within their reach. Undefined means no restriction.
 */
export function authoredWithinReach(
  authorId: Column | SQL,
  ctx: { userId: number; roleIds: readonly number[] },
): SQL | undefined {
  const reach = accountsWithinReach(ctx.roleIds)
  if (!reach) return undefined
  return sql`(${authorId} = ${ctx.userId} or exists (select 1 from ${users} where ${users.id} = ${authorId} and ${reach}))`
}
