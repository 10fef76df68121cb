import { Navigate, Outlet, useLocation } from 'react-router'
import { loginPath } from '../api/navigation'
import { isAdmin, isLoggedIn } from '../api/types'
import { PageLoading } from '../components/PageLoading'
import { useSession } from '../state/session'
import { ForbiddenPage } from './error-pages'

/**
 * Lets a logged-in user through (GET /open/user); a visitor goes to the login page with the
 * current path as `redirect`. With `admin`, a user without an admin record sees the 403 page.
 */
export function RequireLogin({ admin = false }: { admin?: boolean }) {
  const { user, loading } = useSession()
  const location = useLocation()
  if (loading) return <PageLoading />
  if (!isLoggedIn(user)) return <Navigate to={loginPath(location.pathname + location.search)} replace />
  if (admin && !isAdmin(user)) return <ForbiddenPage home="/home/index" />
  return <Outlet />
}
