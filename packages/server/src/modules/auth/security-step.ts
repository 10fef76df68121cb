import { configIsOn } from '@brokerdesk/shared'
import { AppError } from '../../errors'
import type { LiveSettings } from '../configs/live-settings'
import type { SessionUser } from './load-session-user'
import { passwordExpired, readPasswordExpiryDays } from './password-policy'

/**
 * What a logged-in person must do before anything else: change a password older than the policy's
 * expiry, or (an administrator, when the settings require it) set up two-factor login.
 */
export type SecurityStep = 'password' | 'totp'

/** The page of each step: in the home area, which every logged-in person reaches. */
export const SECURITY_STEP_PAGES: Record<SecurityStep, string> = {
  password: '/home/personage/password',
  totp: '/home/personage/security',
}

/** The routes a person with a step to take may use: their own personal centre, in either area. */
const STEP_ROUTES = /^\/(home|admin)\/personage\//

export async function securityStepOf(
  settings: LiveSettings,
  user: SessionUser,
): Promise<SecurityStep | undefined> {
  // An API client application acts for its owner within its role; the owner takes the steps.
  if (user.app) return undefined
  const expiryDays = await readPasswordExpiryDays(settings)
  if (passwordExpired({ expiryDays }, user.row.password_changed_at)) return 'password'
  if (user.admin && !user.row.totp_secret && configIsOn(await settings.value('totp_required_for_admins')))
    return 'totp'
  return undefined
}

/**
 * Refuses every home and admin route but the personal centre while a step is pending: 403 with the
 * step's page as `redirect`, where the SPA goes.
 */
export async function requireSecurityStepsTaken(
  settings: LiveSettings,
  user: SessionUser,
  menuUrl: string,
): Promise<void> {
  if (STEP_ROUTES.test(menuUrl)) return
  const step = await securityStepOf(settings, user)
  if (step) {
    throw new AppError('forbidden', `auth.step_${step}`, { extras: { redirect: SECURITY_STEP_PAGES[step] } })
  }
}
