import { PageLoading } from '../components/PageLoading'
import { lazyPart } from './lazy-part'

/**
 * The error pages of SPEC §8 as the app shell shows them (a path without access, maintenance, a
 * route's error): their chunk (antd's Result with its illustrations) loads only when one shows.
 */
export const ErrorPage = lazyPart(
  () => import('../pages/errors/ErrorPage').then((module) => ({ default: module.ErrorPage })),
  () => <PageLoading />,
)

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
