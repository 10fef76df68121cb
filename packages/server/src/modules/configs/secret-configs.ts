import { isSensitiveConfigKey } from '@brokerdesk/shared'
import { hash } from '@node-rs/argon2'
import { type SQL, sql } from 'drizzle-orm'
import { isSuperAdmin } from '../../access/held-menus'
import type { Db, Tx } from '../../db/client'
import { configs } from '../../db/schema/index'
import { SECRET_CONFIG_KEYS, SUPER_ADMIN_CONFIG_KEYS } from '../../db/seed/config-defaults'
import { AppError, forbidden } from '../../errors'
import { translateIssues } from '../../resource/field-errors'
import type { ResourceContext, Row, WriteArgs } from '../../resource/types'

/** What a set secret reads as in lists, details and exports; sent back unchanged, it keeps the value. */
export const SECRET_MASK = '********'

const isSecretKey = (key: unknown) => typeof key === 'string' && SECRET_CONFIG_KEYS.includes(key)
const isSecretRow = (values: Row, stored?: Row) => isSecretKey(values.key) || isSecretKey(stored?.key)
const isSensitiveRow = (values: Row, stored?: Row) =>
  isSensitiveConfigKey(values.key) || isSensitiveConfigKey(stored?.key)

/** The settings a caller reaches: all for the super administrator, all but the secret ones (and the maps server key) otherwise. */
export function configsWithinReach(ctx: ResourceContext): SQL | undefined {
  if (isSuperAdmin(ctx.roleIds)) return undefined
  return sql`${configs.key} not in (${sql.join(
    SUPER_ADMIN_CONFIG_KEYS.map((key) => sql`${key}`),
    sql`, `,
  )})`
}

/** A secret setting shows only whether it is set. */
export async function maskSecretValues(_db: Db | Tx, rows: Row[]): Promise<Row[]> {
  return rows.map((row) =>
    isSecretKey(row.key) ? { ...row, value: row.value === '' || row.value == null ? '' : SECRET_MASK } : row,
  )
}

/** The operation log never keeps a secret setting's value. */
export function logWithoutSecretValue(input: Row, stored?: Row): Row {
  return isSecretRow(input, stored) && 'value' in input ? { ...input, value: SECRET_MASK } : input
}

/**
 * Before a setting is stored: a sensitive one (SENSITIVE_CONFIG_KEYS) only by the super
 * administrator; a secret one only by the super administrator too, its value hashed with
 * argon2id (the mask keeps the stored hash, empty turns it off), and the common password refused in
 * production, where it would not be accepted anyway. A setting cannot be renamed to or from a secret key.
 */
export async function prepareConfigValues(values: Row, { ctx, existing }: WriteArgs): Promise<Row> {
  if (isSensitiveRow(values, existing) && !isSuperAdmin(ctx.roleIds))
    throw forbidden('configs.sensitive_super_admin_only')
  if (!isSecretRow(values, existing)) return values
  if (!isSuperAdmin(ctx.roleIds)) throw forbidden('configs.secret_super_admin_only')
  if (existing && 'key' in values && values.key !== existing.key) {
    const errors = translateIssues(ctx.language, [{ field: 'key', key: 'validations.messages.default' }])
    throw new AppError('validation', 'errors.validation', { errors })
  }
  const { value, ...rest } = values
  if (value === undefined || value === SECRET_MASK) return existing ? rest : { ...rest, value: '' }
  const plain = String(value)
  if (plain === '') return { ...rest, value: '' }
  if (ctx.env === 'production') {
    const errors = translateIssues(ctx.language, [
      { field: 'value', key: 'configs.common_password_production' },
    ])
    throw new AppError('validation', 'configs.common_password_production', { errors })
  }
  return { ...rest, value: await hash(plain) }
}

/** A sensitive setting is removed by the super administrator only (the secret ones are out of others' scope). */
export async function refuseSensitiveDelete(rows: Row[], { ctx }: { ctx: ResourceContext }): Promise<void> {
  if (!isSuperAdmin(ctx.roleIds) && rows.some((row) => isSensitiveConfigKey(row.key)))
    throw forbidden('configs.sensitive_super_admin_only')
}
