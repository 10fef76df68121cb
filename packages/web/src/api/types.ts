import type { MenuItem } from '@brokerdesk/shared'

export interface SessionRole {
  id: number
  name: string
}

export interface SessionAdmin {
  id: number
  roles?: SessionRole[]
}

/** The user of GET /open/user; `{}` for a visitor (SPEC §3 "User session object"). */
export interface SessionUser {
  id?: number
  /** The account name (the `uname` column). */
  uname?: string
  name?: string
  nickname?: string
  avatar?: string
  email?: string
  mobile_phone?: string
  admin?: SessionAdmin | null
  /** Two-factor login (an authenticator app) is on. */
  totp_enabled?: boolean
  /**
   * What the user must do before anything else: change an expired password, or set up two-factor
   * login (administrators, when the settings require it).
   */
  security_step?: SecurityStep | null
  [key: string]: unknown
}

export type SecurityStep = 'password' | 'totp'

/** The page of each security step: in the home area, which every logged-in person reaches. */
export const SECURITY_STEP_PAGES: Record<SecurityStep, string> = {
  password: '/home/personage/password',
  totp: '/home/personage/security',
}

export interface UserAnswer {
  user: SessionUser | Record<string, never>
  lifetime: number
}

export interface MenusAnswer {
  menus: MenuItem[]
}

export function isLoggedIn(user: SessionUser): boolean {
  return user.id !== undefined && user.id !== null
}

export function isAdmin(user: SessionUser): boolean {
  return isLoggedIn(user) && user.admin?.id !== undefined && user.admin?.id !== null
}

/** The role shown for an admin: the first of their roles. */
export function roleName(user: SessionUser): string {
  return user.admin?.roles?.[0]?.name ?? ''
}

/** The name to greet a user by. */
export function displayName(user: SessionUser): string {
  return String(user.nickname || user.name || user.uname || user.email || user.mobile_phone || '')
}
