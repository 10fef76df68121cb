import type { GlobalConfig } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { getConfig } from '../api/config'
import { http } from '../api/http'
import { LazyAlert } from '../components/LazyAlert'

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

/** The administrators' reminder that the site is closed to everyone else. */
export function MaintenanceBanner() {
  const { t } = useTranslation()
  const on = useMaintenance()
  if (!on) return null
  return (
    <LazyAlert
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
