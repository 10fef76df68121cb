import type { TChangePasswordInput, TPersonageInput } from '@brokerdesk/shared/auth'
import { http } from '../../api/http'
import type { SessionUser } from '../../api/types'

/** The personal centre of either area: /home/personage/* or /admin/personage/*. */
export type PersonageArea = 'home' | 'admin'

/** The user as GET /{area}/personage/index shows it. */
export interface PersonageUser extends SessionUser {
  uname: string
  name: string
  nickname: string
  avatar: string
  email: string
  mobile_phone: string
  signature: string
  province_id: number
  city_id: number
  zone_id: number
  province_name: string
  city_name: string
  zone_name: string
  address: string
  lng: number | null
  lat: number | null
}

export const personageApi = {
  load: async (area: PersonageArea) =>
    (await http.get<{ user: PersonageUser }>(`/${area}/personage/index`)).user,
  save: async (area: PersonageArea, changes: TPersonageInput) =>
    (await http.post<{ user: PersonageUser }>(`/${area}/personage/index`, changes)).user,
  changePassword: (area: PersonageArea, input: TChangePasswordInput) =>
    http.put<unknown>(`/${area}/personage/password`, input),
}

/** The fields the personal data form edits (the region names come with the ids from the server). */
export const PERSONAGE_FIELDS = [
  'name',
  'nickname',
  'avatar',
  'email',
  'mobile_phone',
  'signature',
  'province_id',
  'city_id',
  'zone_id',
  'address',
  'lng',
  'lat',
] as const satisfies readonly (keyof TPersonageInput)[]

export type PersonageValues = Pick<TPersonageInput, (typeof PERSONAGE_FIELDS)[number]>

const REGION_IDS: readonly string[] = ['province_id', 'city_id', 'zone_id']

/** The empty value of a field: none for coordinates, 0 for a region, '' for a text. */
export const emptyValueOf = (field: string) =>
  field === 'lng' || field === 'lat' ? null : REGION_IDS.includes(field) ? 0 : ''

/** The form's values for a user: texts as they are, coordinates as numbers or empty, regions by id. */
export function personageValuesOf(user: PersonageUser): PersonageValues {
  const values: Record<string, unknown> = {}
  for (const field of PERSONAGE_FIELDS) values[field] = user[field] ?? emptyValueOf(field)
  return values as PersonageValues
}
