import { userResource } from '@brokerdesk/shared'
import { eq } from 'drizzle-orm'
import { areas, users } from '../../db/schema/index'
import { AppError } from '../../errors'
import { translateIssues } from '../../resource/field-errors'
import { tableOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { prepareUserValues } from './prepare-user-values'

/** The first user, the installation's administrator, can never be deleted. */
export const FIRST_USER_ID = 1

/** Ordinary users: passwords hashed with argon2id and never answered; the first user stays. */
export const usersBinding: ResourceBinding = {
  definition: userResource,
  table: users,
  uniqueIndexes: {
    users_uname_unique: 'uname',
    users_email_unique: 'email',
    users_mobile_phone_unique: 'mobile_phone',
  },
  beforeWrite: prepareUserValues,
  beforeDelete: async (rows, { ctx }) => {
    if (rows.some((row) => row.id === FIRST_USER_ID)) {
      const errors = translateIssues(ctx.language, [{ field: 'ids', key: 'users.first_user' }])
      throw new AppError('validation', 'users.first_user', { errors })
    }
  },
  pageOptions: async (db) => ({ province_id: await tableOptions(db, areas, eq(areas.level, 1)) }),
}

export const usersModule = resourcePlugin(usersBinding)
