import { hash } from '@node-rs/argon2'
import { and, inArray, isNull } from 'drizzle-orm'
import { areas } from '../../db/schema/index'
import { invalidFields } from '../../resource/field-errors'
import type { Row, WriteArgs } from '../../resource/types'
import { type AccountNames, assertPasswordPolicy } from '../auth/password-policy'

const PLACES = [
  ['province_id', 'province_name'],
  ['city_id', 'city_name'],
  ['zone_id', 'zone_name'],
] as const

/**
 * Hashes a new password with argon2id once the password policy allows it (required on create; empty
 * on update keeps the old one) and stores the names of the chosen province, city and zone beside their codes.
 */
export async function prepareUserValues(values: Row, args: WriteArgs): Promise<Row> {
  const { password, ...rest } = values
  if (typeof password === 'string' && password !== '') {
    const account = { ...args.existing, ...rest } as AccountNames
    await assertPasswordPolicy(args.tx, args.ctx.settings, args.ctx.language, {
      password,
      account,
      userId: args.existing ? Number(args.existing.id) : undefined,
    })
    rest.password = await hash(password)
  } else if (args.mode === 'create') {
    throw invalidFields(args.ctx.language, [{ field: 'password', key: 'validations.messages.required' }])
  }
  const codes = PLACES.map(([idField]) => Number(rest[idField] ?? 0)).filter((id) => id > 0)
  const places = codes.length
    ? await args.tx
        .select({ id: areas.id, name: areas.name })
        .from(areas)
        .where(and(inArray(areas.id, codes), isNull(areas.deleted_at)))
    : []
  const nameOf = new Map(places.map((place) => [place.id, place.name]))
  for (const [idField, nameField] of PLACES) {
    if (!(idField in rest)) continue
    const id = Number(rest[idField])
    if (id > 0 && !nameOf.has(id)) {
      throw invalidFields(args.ctx.language, [{ field: idField, key: 'validations.messages.exists' }])
    }
    rest[nameField] = nameOf.get(id) ?? ''
  }
  return rest
}
