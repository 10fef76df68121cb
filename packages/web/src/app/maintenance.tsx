import type { GlobalConfig } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation } from 'react-router'
import { http } from '../api/http'
import { isAdmin } from '../api/types'
import { PageLoading } from '../components/PageLoading'
import { useSession } from '../state/session'
import { getConfig } from './config'
import { MaintenancePage } from './error-pages'

export const MAINTENANCE_KEY = ['open', 'config', 'maintenance'] as const

/**
 * Whether the site is in maintenance: first as index.html said, then as GET /open/config says
 * (asked again on every page change, so a switch made a moment ago shows).
 */
export function useMaintenance(): boolean {
  const { pathname } = useLocation()
  const query = useQuery({
    queryKey: MAINTENANCE_KEY,
    queryFn: async () =>
      (await http.get<GlobalConfig>('/open/config', undefined, { silent: true })).maintenance === true,
    initialData: getConfig().maintenance,
    staleTime: 0,
    refetchInterval: 60_000,
  })
  const { refetch } = query
  useEffect(() => {
    if (pathname) void refetch()
  }, [pathname, refetch])
  return query.data === true
}

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

/** The administrators' reminder that the site is closed to everyone else. */
export function MaintenanceBanner() {
  const { t } = useTranslation()
  const on = useMaintenance()
  if (!on) return null
  return (
    <Alert
      type="warning"
      showIcon
      banner
      role="status"
      className="bd-maintenance-banner"
      title={t('maintenance.banner')}
      action={<Link to="/admin/configs">{t('maintenance.settings')}</Link>}
    />
  )
}
