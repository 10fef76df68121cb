import type { Language } from '@brokerdesk/shared'
import { seededText } from '../../i18n/seeded-texts'
import type { SessionUser, UserRow } from './load-session-user'
import type { SecurityStep } from './security-step'

/** A user as the API shows it: never the password or the remember token; a seeded name in the language. */
export function presentUser(row: UserRow, language: Language) {
  return {
    id: row.id,
    uname: row.uname,
    name: seededText(language, 'users', row.id, 'name', row.name),
    nickname: row.nickname,
    avatar: row.avatar,
    email: row.email,
    mobile_phone: row.mobile_phone,
    status: row.status,
    description: row.description ?? '',
    signature: row.signature,
    province_id: row.province_id,
    city_id: row.city_id,
    zone_id: row.zone_id,
    province_name: row.province_name,
    city_name: row.city_name,
    zone_name: row.zone_name,
    address: row.address,
    lng: row.lng,
    lat: row.lat,
    /** Two-factor login is on (the secret itself never leaves the server). */
    totp_enabled: row.totp_secret !== null,
    email_verified_at: row.email_verified_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/**
 * The session object of SPEC §3: the user, with `admin` (id and roles) when they are one, and the
 * security step they must take first, if any.
 */
export function presentSessionUser(user: SessionUser, language: Language, step?: SecurityStep) {
  const roles = user.admin?.roles.map((role) => ({
    ...role,
    name: seededText(language, 'roles', role.id, 'name', role.name),
  }))
  return {
    ...presentUser(user.row, language),
    admin: user.admin ? { id: user.admin.id, roles: roles ?? [] } : null,
    security_step: step ?? null,
  }
}
