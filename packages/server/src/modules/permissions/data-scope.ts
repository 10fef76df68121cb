import { DATA_SCOPES, type DataScope } from '@brokerdesk/shared'
import { and, type SQL, sql } from 'drizzle-orm'
import { isSuperAdmin } from '../../access/held-menus'
import type { Db, Tx } from '../../db/client'
import { admins, apps, logs, uploads, users } from '../../db/schema/index'
import { accountsWithinReach, adminsWithinReach } from './account-reach'

/** Who asks: enough to draw their data scope. */
export interface ScopeCaller {
  db: Db | Tx
  userId: number
  roleIds: readonly number[]
}

/**
 * Whose records a caller sees: everyone's, those of some organisation units (their unit alone, or
 * it and the units below it; none when they have no unit), or their own.
 */
export type ResolvedScope = { kind: 'all' } | { kind: 'units'; unitIds: number[] } | { kind: 'self' }

/** Widest first: an administrator holding several roles gets the widest of their scopes. */
const widest = (scopes: readonly string[]): DataScope =>
  DATA_SCOPES.find((scope) => scopes.includes(scope)) ?? 'self'

/**
 * The caller's data scope in one statement: the scopes of the live roles they hold, their admin
 * record's unit and the live units below it. The super administrator sees everything.
 */
export async function resolveDataScope(caller: ScopeCaller): Promise<ResolvedScope> {
  if (isSuperAdmin(caller.roleIds)) return { kind: 'all' }
  if (caller.roleIds.length === 0) return { kind: 'self' }
  const roleIds = sql.join(
    caller.roleIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const result = (await caller.db.execute(sql`
    select array(select r.data_scope from roles r where r.id in (${roleIds}) and r.deleted_at is null)::text[] as scopes,
      a.department_id as unit_id,
      array(select d.id from departments d join departments mine on mine.id = a.department_id
        and mine.deleted_at is null where d.deleted_at is null
        and d.left_margin >= mine.left_margin and d.right_margin <= mine.right_margin)::int[] as below
    from admins a where a.user_id = ${caller.userId} and a.deleted_at is null limit 1`)) as unknown as {
    rows: Array<{ scopes: string[]; unit_id: number; below: number[] }>
  }
  const row = result.rows[0]
  if (!row) return { kind: 'self' }
  const scope = widest(row.scopes)
  if (scope === 'all' || scope === 'self') return { kind: scope }
  const unitId = Number(row.unit_id)
  if (scope === 'unit') return { kind: 'units', unitIds: unitId > 0 && row.below.length > 0 ? [unitId] : [] }
  return { kind: 'units', unitIds: row.below.map(Number) }
}

/**
 * `= any('{1,2,3}'::int[])`: one parameter whatever the number of ids, so the statement keeps its
 * shape; one unit is `= 5`, which the (department_id, id) index answers in id order (a deep page of
 * one department at a million accounts: ×11 the unscoped time with any(), see bench/scoped-list.mjs).
 */
export const anyOf = (ids: readonly number[]) =>
  ids.length === 1 ? sql`${ids[0]}` : sql`any(${`{${ids.join(',')}}`}::int[])`

/** A condition on a column holding an account id: the account belongs to one of these units. */
function accountOfUnits(userIdColumn: SQL, unitIds: readonly number[]): SQL {
  if (unitIds.length === 0) return sql`false`
  return sql`${userIdColumn} in (select u.id from users u where u.department_id = ${anyOf(unitIds)})`
}

/**
 * The scope rule of each kind of record an administrator reaches only in part, next to the reach
 * rule (account-reach.ts) and combined with it: the one decision of which rows a caller sees and
 * touches, which the resource engine applies on every path (list, count, export, show, update,
 * delete, delete-matching, import) and the other readers of these rows (account pickers, message
 * recipients, log statistics, the dashboard) apply too. Undefined: no restriction.
 */
export const recordScopes = {
  /** Accounts within reach whose unit is in scope (`self`: the caller's own account). */
  accounts: async (caller: ScopeCaller): Promise<SQL | undefined> => {
    const scope = await resolveDataScope(caller)
    return and(
      accountsWithinReach(caller.roleIds),
      scope.kind === 'all'
        ? undefined
        : scope.kind === 'self'
          ? sql`${users.id} = ${caller.userId}`
          : scope.unitIds.length === 0
            ? sql`false`
            : sql`${users.department_id} = ${anyOf(scope.unitIds)}`,
    )
  },
  /** Admin records within reach whose unit is in scope (`self`: the caller's own). */
  admins: async (caller: ScopeCaller): Promise<SQL | undefined> => {
    const scope = await resolveDataScope(caller)
    return and(
      adminsWithinReach(caller.roleIds),
      scope.kind === 'all'
        ? undefined
        : scope.kind === 'self'
          ? sql`${admins.user_id} = ${caller.userId}`
          : scope.unitIds.length === 0
            ? sql`false`
            : sql`${admins.department_id} = ${anyOf(scope.unitIds)}`,
    )
  },
  /** Log entries of the accounts in scope (by the account's unit; `self`: the caller's own entries). */
  logs: async (caller: ScopeCaller): Promise<SQL | undefined> => ownedBy(sql`${logs.user_id}`, caller),
  /** API apps whose owner's account is in scope. */
  apps: async (caller: ScopeCaller): Promise<SQL | undefined> => ownedBy(sql`${apps.user_id}`, caller),
  /** Stored files whose owner's account is in scope (the file manager, its quota and usage). */
  uploads: async (caller: ScopeCaller): Promise<SQL | undefined> => ownedBy(sql`${uploads.user_id}`, caller),
}

/** Rows whose account column (`userIdColumn`) names an account of the caller's scope. */
export async function ownedBy(userIdColumn: SQL, caller: ScopeCaller): Promise<SQL | undefined> {
  const scope = await resolveDataScope(caller)
  if (scope.kind === 'all') return undefined
  if (scope.kind === 'self') return sql`${userIdColumn} = ${caller.userId}`
  return accountOfUnits(userIdColumn, scope.unitIds)
}

/**
 * Whether the caller may file a record in this unit: any (or none, 0) with the scope `all`, otherwise
 * only a unit of their scope, so nobody files records beyond their own reach; with `self`, none.
 */
export async function mayAssignUnit(caller: ScopeCaller, unitId: number): Promise<boolean> {
  const scope = await resolveDataScope(caller)
  if (scope.kind === 'all') return true
  return scope.kind === 'units' && scope.unitIds.includes(unitId)
}

/** Whether the caller may give a role this scope: one no wider than the widest of their own roles. */
export async function mayGrantScope(caller: ScopeCaller, wanted: DataScope): Promise<boolean> {
  if (isSuperAdmin(caller.roleIds)) return true
  if (caller.roleIds.length === 0) return false
  const result = (await caller.db.execute(sql`
    select array(select r.data_scope from roles r where r.id in (${sql.join(
      caller.roleIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and r.deleted_at is null)::text[] as scopes`)) as unknown as { rows: Array<{ scopes: string[] }> }
  const own = widest(result.rows[0]?.scopes ?? [])
  return DATA_SCOPES.indexOf(wanted) >= DATA_SCOPES.indexOf(own)
}
