import { Outlet, useLocation } from 'react-router'
import { getConfig } from '../api/config'
import { isAdmin } from '../api/types'
import { PageLoading } from '../components/PageLoading'
import { useSession } from '../state/session'
import { MaintenancePage } from './error-pages'

/** Pages a visitor still reaches during maintenance: logging in (administrators must get in). */
const OPEN_PATHS = ['/open/login']

/**
 * Around the open and home pages: during maintenance everyone but administrators sees the
 * maintenance page (the API answers them 503 anyway).
 */
export function MaintenanceGate() {
  const { pathname } = useLocation()
  const { user, loading } = useSession()
  const on = getConfig().maintenance
  if (!on || OPEN_PATHS.includes(pathname.replace(/\/$/, ''))) return <Outlet />
  if (loading) return <PageLoading />
  if (isAdmin(user)) return <Outlet />
  return <MaintenancePage />
}
