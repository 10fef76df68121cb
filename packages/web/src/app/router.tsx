import { type ReactNode, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { PageLoading } from '../components/PageLoading'
import { OpenLayout } from '../layouts/OpenLayout'
import { ForbiddenPage, MaintenancePage, NotFoundPage, ServerErrorPage } from '../pages/errors/ErrorPage'
import { RequireLogin } from './guards'
import { lazyPage } from './lazy-page'
import { RouteErrorBoundary } from './RouteErrorBoundary'

const HomeLayout = lazyPage(() => import('../layouts/HomeLayout'))
const AdminLayout = lazyPage(() => import('../layouts/AdminLayout'))
const OpenIndexPage = lazyPage(() => import('../pages/open/index/OpenIndexPage'))
const HomeIndexPage = lazyPage(() => import('../pages/home/index/HomeIndexPage'))
const AdminIndexPage = lazyPage(() => import('../pages/admin/index/AdminIndexPage'))

function suspended(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoading fullscreen />}>{element}</Suspense>
}

/** 403, 500 and 503 of a group (or of the whole app). */
function errorRoutes(): RouteObject[] {
  return [
    { path: '403', element: <ForbiddenPage /> },
    { path: '500', element: <ServerErrorPage /> },
    { path: '503', element: <MaintenancePage /> },
  ]
}

/** A route group: its layout, an error boundary inside the layout, and its pages. */
function group(path: string, layout: ReactNode, children: RouteObject[]): RouteObject {
  return {
    path,
    element: layout,
    errorElement: <RouteErrorBoundary />,
    children: [{ errorElement: <RouteErrorBoundary />, children }],
  }
}

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/open/index" replace /> },
  group('/open', <OpenLayout />, [
    { index: true, element: <Navigate to="/open/index" replace /> },
    { path: 'index', element: <OpenIndexPage /> },
    ...errorRoutes(),
    { path: '*', element: <NotFoundPage /> },
  ]),
  group('/home', suspended(<HomeLayout />), [
    ...errorRoutes(),
    {
      element: <RequireLogin />,
      children: [
        { index: true, element: <Navigate to="/home/index" replace /> },
        { path: 'index', element: <HomeIndexPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]),
  group('/admin', suspended(<AdminLayout />), [
    ...errorRoutes(),
    {
      element: <RequireLogin admin />,
      children: [
        { index: true, element: <Navigate to="/admin/index" replace /> },
        { path: 'index', element: <AdminIndexPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]),
  // The global fallbacks, shown in the public layout.
  {
    element: <OpenLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [...errorRoutes(), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
]

const PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  '/open/index': OpenIndexPage,
  '/home/index': HomeIndexPage,
  '/admin/index': AdminIndexPage,
}

/** Starts loading the chunks of the page at `pathname` early, while the language still loads. */
export function preloadPage(pathname: string): void {
  const path = pathname === '/' ? '/open/index' : pathname.replace(/\/$/, '')
  const chunks = [PAGES[path]]
  if (path.startsWith('/home/')) chunks.push(HomeLayout)
  if (path.startsWith('/admin/')) chunks.push(AdminLayout)
  // A failure shows up, with its retry button, when the page renders.
  for (const chunk of chunks) chunk?.preload().catch(() => undefined)
}

export function createAppRouter() {
  return createBrowserRouter(routes)
}
