import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { roles } from '../../db/schema/index'
import { nestRecords } from '../../resource/tree/list-tree'
import type { Row, TreeOption } from '../../resource/types'
import { rolesBelow } from '../permissions/held-menus'

async function roleTree(db: Db, where: SQL | undefined): Promise<TreeOption[]> {
  const rows = await db
    .select({ id: roles.id, parent_id: roles.parent_id, label: roles.name })
    .from(roles)
    .where(and(isNull(roles.deleted_at), where))
    .orderBy(asc(roles.left_margin))
  const strip = (nodes: Row[]): TreeOption[] =>
    nodes.map((node) => {
      const children = node.children as Row[]
      return {
        value: node.id as number,
        label: node.label as string,
        ...(children.length > 0 ? { children: strip(children) } : {}),
      }
    })
  return strip(nestRecords(rows as Row[]))
}

/** The roles an administrator may assign (below their own), as a tree select. */
export const assignableRoleOptions = (db: Db, roleIds: number[]) => roleTree(db, rolesBelow(roleIds))

/**
 * The choices of a role form: parents among the caller's own roles and those below them, and the
 * template roles among them.
 */
export async function roleFormOptions(db: Db, roleIds: number[]) {
  const reachable = or(rolesBelow(roleIds), roleIds.length > 0 ? inArray(roles.id, roleIds) : undefined)
  const templates = await db
    .select({ value: roles.id, label: roles.name })
    .from(roles)
    .where(and(eq(roles.is_tmp, 1), isNull(roles.deleted_at), reachable))
    .orderBy(asc(roles.left_margin))
  return { parent_id: await roleTree(db, reachable), tmp_id: templates }
}
