import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { loginPath } from '../api/navigation'
import { isAdmin, isLoggedIn, SECURITY_STEP_PAGES } from '../api/types'
import { PageLoading } from '../components/PageLoading'
import { useSession } from '../state/session'
import { ForbiddenPage } from './error-pages'

/** The personal centre of either area: reachable while a security step is pending (as on the server). */
const STEP_PAGES = /^\/(home|admin)\/personage\//

/**
 * Lets a logged-in user through (GET /open/user); a visitor goes to the login page with the
 * current path as `redirect`. A user with a security step to take (an expired password, a required
 * second factor) goes to its page, as the server refuses everything else meanwhile. With `admin`, a
 * user without an admin record sees the 403 page.
 */
export function RequireLogin({ admin = false }: { admin?: boolean }) {
  const { user, loading } = useSession()
  const location = useLocation()
  if (loading) return <PageLoading />
  if (!isLoggedIn(user)) return <Navigate to={loginPath(location.pathname + location.search)} replace />
  if (user.security_step && !STEP_PAGES.test(location.pathname))
    return <Navigate to={SECURITY_STEP_PAGES[user.security_step]} replace />
  if (admin && !isAdmin(user)) return <ForbiddenPage home="/home/index" />
  return <Outlet />
}

/** The error pages of a group, shown to anyone. */
const ERROR_PAGE = /^\/[^/]+\/(403|500|503)\/?$/

/**
 * Around a logged-in area's layout: a visitor goes to the login page before the layout's chunk is
 * loaded (and the user answer is waited for first), except on the group's error pages. With
 * `admin`, a user without an admin record gets the 403 page of their own area, not an empty back
 * office around it.
 */
export function LoginBeforeLayout({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { user, loading } = useSession()
  const location = useLocation()
  if (ERROR_PAGE.test(location.pathname)) return children
  if (loading) return <PageLoading fullscreen />
  if (!isLoggedIn(user)) return <Navigate to={loginPath(location.pathname + location.search)} replace />
  if (admin && !isAdmin(user) && !user.security_step) return <Navigate to="/home/403" replace />
  return children
}
