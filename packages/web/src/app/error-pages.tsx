import { Suspense } from 'react'
import { PageLoading } from '../components/PageLoading'
import type { ErrorPageProps } from '../pages/errors/ErrorPage'
import { lazyPage } from './lazy-page'

/**
 * The error pages of SPEC §8 as the app shell shows them (a path without access, maintenance, a
 * route's error): their chunk (antd's Result with its illustrations) loads only when one shows.
 */
const LazyErrorPage = lazyPage<ErrorPageProps>(() =>
  import('../pages/errors/ErrorPage').then((module) => ({ default: module.ErrorPage })),
)

export function ErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyErrorPage {...props} />
    </Suspense>
  )
}

export function NotFoundPage() {
  return <ErrorPage kind="not-found" />
}

export function ForbiddenPage({ home }: { home?: string }) {
  return <ErrorPage kind="forbidden" home={home} />
}

export function MaintenancePage() {
  return <ErrorPage kind="maintenance" />
}

export function ServerErrorPage() {
  return <ErrorPage kind="server" />
}
