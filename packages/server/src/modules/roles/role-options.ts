import type { Language } from '@brokerdesk/shared'
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm'
import { rolesBelow } from '../../access/held-menus'
import type { Db } from '../../db/client'
import { roles } from '../../db/schema/index'
import { localizeOptions } from '../../i18n/seeded-texts'
import { treeOptions } from '../../resource/option-sources'

/** The roles an administrator may assign (below their own), as a tree select. */
export const assignableRoleOptions = async (db: Db, roleIds: number[], language: Language) =>
  localizeOptions(language, 'roles', await treeOptions(db, roles, rolesBelow(roleIds)))

/** A condition on `roles`: the caller's own roles and those below them. */
export const ownOrBelowRoles = (roleIds: number[]) =>
  or(rolesBelow(roleIds), roleIds.length > 0 ? inArray(roles.id, roleIds) : undefined)

/**
 * The choices of a role form: parents among the caller's own roles and those below them, and the
 * template roles among them.
 */
export async function roleFormOptions(db: Db, roleIds: number[], language: Language) {
  const reachable = ownOrBelowRoles(roleIds)
  const templates = await db
    .select({ value: roles.id, label: roles.name })
    .from(roles)
    .where(and(eq(roles.is_tmp, 1), isNull(roles.deleted_at), reachable))
    .orderBy(asc(roles.left_margin))
  return {
    parent_id: localizeOptions(language, 'roles', await treeOptions(db, roles, reachable)),
    tmp_id: localizeOptions(language, 'roles', templates),
  }
}
