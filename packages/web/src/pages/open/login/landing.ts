import { isAdmin, SECURITY_STEP_PAGES, type SessionUser } from '../../../api/types'

/** The identity pages: nothing to come back to once logged in. */
const IDENTITY_PAGES = /^\/open\/(?:login|register|password)(?:[/?#]|$)/

/** A path inside this app to return to after logging in, or '' (never another site, the API or an identity page). */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !/^\/(?!\/)[^\s\\]*$/.test(value)) return ''
  if (/^\/(web-api|api)(\/|$)/.test(value) || IDENTITY_PAGES.test(value)) return ''
  return value.slice(0, 500)
}

/**
 * Where a user goes after logging in: the page of a security step they must take first (an expired
 * password, a required second factor), else the safe `redirect`, else the back office for an admin,
 * else home.
 */
export function landingPath(user: SessionUser, redirect: string | null | undefined): string {
  if (user.security_step) return SECURITY_STEP_PAGES[user.security_step]
  return safeRedirect(redirect) || (isAdmin(user) ? '/admin/index' : '/home/index')
}
