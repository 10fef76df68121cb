import { isAdmin, type SessionUser } from '../../../api/types'

/** The identity pages: nothing to come back to once logged in. */
const IDENTITY_PAGES = /^\/open\/(?:login|register|password)(?:[/?#]|$)/

/** A path inside this app to return to after logging in, or '' (never another site, the API or an identity page). */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !/^\/(?!\/)[^\s\\]*$/.test(value)) return ''
  if (/^\/(web-api|api)(\/|$)/.test(value) || IDENTITY_PAGES.test(value)) return ''
  return value.slice(0, 500)
}

/** Where a user goes after logging in: the safe `redirect`, else the back office for an admin, else home. */
export function landingPath(user: SessionUser, redirect: string | null | undefined): string {
  return safeRedirect(redirect) || (isAdmin(user) ? '/admin/index' : '/home/index')
}
