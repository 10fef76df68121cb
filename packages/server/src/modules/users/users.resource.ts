import { userResource } from '@brokerdesk/shared'
import { eq } from 'drizzle-orm'
import { areas, users } from '../../db/schema/index'
import { AppError } from '../../errors'
import { translateIssues } from '../../resource/field-errors'
import { tableOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding, Row, WriteArgs } from '../../resource/types'
import { endUserSessions } from '../auth/sessions'
import { successAlert } from '../auth/success-alert'
import {
  checkDepartmentChoice,
  departmentNameColumn,
  departmentOptions,
} from '../departments/department-of-record'
import { recordScopes } from '../permissions/data-scope'
import { prepareUserValues } from './prepare-user-values'
import { resetSecondFactor } from './reset-second-factor'

/** The first user, the installation's administrator, can never be deleted. */
export const FIRST_USER_ID = 1

/**
 * An administrator's new password for an account ends that account's sessions (it may have been
 * taken over: whoever holds a session must log in again), and so does stopping the account.
 */
async function endSessionsOfChangedAccount(id: number, values: Row, { tx, mode }: WriteArgs): Promise<void> {
  if (mode !== 'update') return
  if (typeof values.password === 'string') await endUserSessions(tx, id, 'password_reset')
  else if ('status' in values && values.status !== 1) await endUserSessions(tx, id, 'logout')
}

/**
 * Accounts: passwords hashed with argon2id and never answered; the first user stays. A caller
 * reaches only the accounts within their role reach (ordinary accounts, and back-office users below
 * their own roles) and in their data scope (the accounts of their units), on every path: list, show,
 * export, update, import and delete; they file accounts only in units of their scope.
 */
export const usersBinding: ResourceBinding = {
  definition: userResource,
  seeded: [{ kind: 'users', key: 'id', fields: { name: 'name' } }],
  table: users,
  bigramColumns: ['uname', 'name', 'nickname', 'email', 'mobile_phone'],
  uniqueIndexes: {
    users_uname_unique: 'uname',
    users_email_unique: 'email',
    users_mobile_phone_unique: 'mobile_phone',
  },
  scope: (ctx) => recordScopes.accounts(ctx),
  pageColumns: (page) => ({ department_name: departmentNameColumn(page) }),
  beforeWrite: async (values, args) => {
    await checkDepartmentChoice(values, args)
    return prepareUserValues(values, args)
  },
  afterWrite: endSessionsOfChangedAccount,
  beforeDelete: async (rows, { ctx }) => {
    if (rows.some((row) => row.id === FIRST_USER_ID)) {
      const errors = translateIssues(ctx.language, [{ field: 'ids', key: 'users.first_user' }])
      throw new AppError('validation', 'users.first_user', { errors })
    }
  },
  pageOptions: async (db, ctx) => ({
    province_id: await tableOptions(db, areas, eq(areas.level, 1)),
    department_id: await departmentOptions(db, ctx),
  }),
}

export const usersModule = resourcePlugin(usersBinding, (app) => {
  app.delete('/admin/users/:id/totp', async (request) => ({
    ...(await resetSecondFactor(request, usersBinding)),
    alert: successAlert(request, 'auth.totp_reset'),
  }))
})
