import type { GlobalConfig } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { getConfig } from '../api/config'
import { http } from '../api/http'
import { LazyAlert } from '../components/LazyAlert'

export const MAINTENANCE_KEY = ['open', 'config', 'maintenance'] as const
/** How long index.html's maintenance flag is taken as it is. */
const FRESH_AT_START_MS = 10_000
const AFTER_PAGE_CHANGE_MS = 1000

/**
 * Whether the site is in maintenance: first as index.html said, then as GET /open/config says
 * (asked again a second after every page change, so a switch made a moment ago shows).
 */
export function useMaintenance(): boolean {
  const { pathname } = useLocation()
  const query = useQuery({
    queryKey: MAINTENANCE_KEY,
    queryFn: async () =>
      (await http.get<GlobalConfig>('/open/config', undefined, { silent: true })).maintenance === true,
    initialData: getConfig().maintenance,
    // index.html's answer is as fresh as the page: a banner mounted while the page starts asks nothing.
    initialDataUpdatedAt: performance.timeOrigin,
    staleTime: FRESH_AT_START_MS,
    refetchInterval: 60_000,
  })
  const { refetch } = query
  const shownAt = useRef(pathname)
  // Asked a moment after a page change, behind the page's own requests.
  useEffect(() => {
    if (pathname === shownAt.current) return
    shownAt.current = pathname
    const timer = window.setTimeout(() => void refetch(), AFTER_PAGE_CHANGE_MS)
    return () => window.clearTimeout(timer)
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
