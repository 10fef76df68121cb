import type { TTotpDisableInput } from '@brokerdesk/shared/auth'
import { http } from '../../api/http'
import type { PersonageArea } from './personage-api'

/** An authenticator app being set up: the key, its otpauth:// address and that address as a QR code. */
export interface TotpEnrolment {
  secret: string
  otpauth_url: string
  /** An SVG data URL. */
  qr_code: string
}

/** One of the user's live sessions (GET /{area}/personage/sessions). */
export interface OwnSession {
  id: number
  ip: string
  location: string
  browser: string
  created_at: string
  last_used_at: string
  expires_at: string
  /** The session of this browser. */
  current: boolean
}

/** Two-factor login and the user's own sessions, in either area: /{area}/personage/totp and /sessions. */
export const securityApi = {
  startTotp: (area: PersonageArea) => http.post<TotpEnrolment>(`/${area}/personage/totp`),
  enableTotp: async (area: PersonageArea, code: string) =>
    (await http.put<{ recovery_codes: string[] }>(`/${area}/personage/totp`, { code })).recovery_codes,
  disableTotp: (area: PersonageArea, proof: TTotpDisableInput) =>
    http.delete<unknown>(`/${area}/personage/totp`, proof),
  sessions: async (area: PersonageArea) =>
    (await http.get<{ data: OwnSession[] }>(`/${area}/personage/sessions`)).data,
  endSessions: (area: PersonageArea, ids: number[]) =>
    http.delete<{ ended: number }>(`/${area}/personage/sessions`, { ids }),
}
