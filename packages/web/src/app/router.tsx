import { type ReactNode, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject, useParams } from 'react-router'
import { askMenusAtStart, fetchMenus, forgetMenusAskedAtStart, MENUS_STALE_MS, menusKey } from '../api/menus'
import { isAdmin } from '../api/types'
import { PageLoading } from '../components/PageLoading'
import { OpenLayout } from '../layouts/OpenLayout'
import { fetchUser } from '../state/session'
import { probablySignedIn } from '../state/session-store'
import { ForbiddenPage, MaintenancePage, NotFoundPage, ServerErrorPage } from './error-pages'
import { LoginBeforeLayout, RequireLogin } from './guards'
import { lazyPage } from './lazy-page'
import { MaintenanceGate } from './MaintenanceGate'
import { MenuRoutes } from './menu-routes-page'
import { ResourceListPage } from './page-registry'
import { queryClient } from './query-client'
import { RouteErrorBoundary } from './RouteErrorBoundary'

const HomeLayout = lazyPage(() => import('../layouts/HomeLayout'))
const AdminLayout = lazyPage(() => import('../layouts/AdminLayout'))
const OpenIndexPage = lazyPage(() => import('../pages/open/index/OpenIndexPage'))
const HomeIndexPage = lazyPage(() => import('../pages/home/index/HomeIndexPage'))
const AdminIndexPage = lazyPage(() => import('../pages/admin/index/AdminIndexPage'))
const LoginPage = lazyPage(() => import('../pages/open/login/LoginPage'))
const RegisterPage = lazyPage(() => import('../pages/open/register/RegisterPage'))
const ForgotPasswordPage = lazyPage(() => import('../pages/open/password/ForgotPasswordPage'))
const MarkdownPage = lazyPage(() => import('../pages/open/markdown/MarkdownPage'))
const ContactPage = lazyPage(() => import('../pages/open/contact/ContactPage'))
const AppsPage = lazyPage(() => import('../pages/open/apps/AppsPage'))
const AppEditPage = lazyPage(() => import('../pages/open/apps/AppEditPage'))
const InboxPage = lazyPage(() => import('../pages/messages/InboxPage'))
const InboxMessagePage = lazyPage(() => import('../pages/messages/InboxMessagePage'))
const HomePersonagePage = lazyPage(() => import('../pages/home/personage/HomePersonagePage'))
const HomePasswordPage = lazyPage(() => import('../pages/home/personage/HomePasswordPage'))
const AdminPersonagePage = lazyPage(() => import('../pages/admin/personage/AdminPersonagePage'))
const AdminPasswordPage = lazyPage(() => import('../pages/admin/personage/AdminPasswordPage'))
const HomeSecurityPage = lazyPage(() => import('../pages/home/personage/HomeSecurityPage'))
const AdminSecurityPage = lazyPage(() => import('../pages/admin/personage/AdminSecurityPage'))

/** A logged-in area's layout, loaded once the user is known to be logged in (a visitor goes to log in). */
function suspended(element: ReactNode, admin = false): ReactNode {
  return (
    <LoginBeforeLayout admin={admin}>
      <Suspense fallback={<PageLoading fullscreen />}>{element}</Suspense>
    </LoginBeforeLayout>
  )
}

/** /open/apps/{id}, where an app's page was: the same page in the user's area. */
function AppsRedirect() {
  const { id } = useParams()
  return <Navigate to={`/home/apps/${id ?? ''}`} replace />
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
    ...errorRoutes(),
    {
      element: <MaintenanceGate />,
      children: [
        { index: true, element: <Navigate to="/open/index" replace /> },
        { path: 'index', element: <OpenIndexPage /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'register', element: <RegisterPage /> },
        { path: 'password', element: <ForgotPasswordPage /> },
        { path: 'markdown', element: <MarkdownPage /> },
        { path: 'contact', element: <ContactPage /> },
        // The user's apps live in their own area now; old links still lead there.
        { path: 'apps', element: <Navigate to="/home/apps" replace /> },
        { path: 'apps/:id', element: <AppsRedirect /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]),
  group('/home', suspended(<HomeLayout />), [
    ...errorRoutes(),
    {
      element: <RequireLogin />,
      children: [
        {
          element: <MaintenanceGate />,
          children: [
            { index: true, element: <Navigate to="/home/index" replace /> },
            { path: 'index', element: <HomeIndexPage /> },
            { path: 'personage', element: <Navigate to="/home/personage/index" replace /> },
            { path: 'personage/index', element: <HomePersonagePage /> },
            { path: 'personage/password', element: <HomePasswordPage /> },
            { path: 'personage/security', element: <HomeSecurityPage /> },
            { path: 'apps', element: <AppsPage /> },
            { path: 'apps/:id', element: <AppEditPage /> },
            { path: 'messages', element: <InboxPage /> },
            { path: 'messages/:id', element: <InboxMessagePage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]),
  group('/admin', suspended(<AdminLayout />, true), [
    ...errorRoutes(),
    {
      element: <RequireLogin admin />,
      children: [
        { index: true, element: <Navigate to="/admin/index" replace /> },
        { path: 'index', element: <AdminIndexPage /> },
        { path: 'personage', element: <Navigate to="/admin/personage/index" replace /> },
        { path: 'personage/index', element: <AdminPersonagePage /> },
        { path: 'personage/password', element: <AdminPasswordPage /> },
        { path: 'personage/security', element: <AdminSecurityPage /> },
        // Every other admin page comes from the menu list (a path no menu item gives answers 403).
        { path: '*', element: <MenuRoutes /> },
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
  '/open/login': LoginPage,
  '/open/register': RegisterPage,
  '/open/password': ForgotPasswordPage,
  '/open/markdown': MarkdownPage,
  '/open/contact': ContactPage,
  '/home/apps': AppsPage,
  '/home/messages': InboxPage,
  '/home/personage/index': HomePersonagePage,
  '/home/personage/password': HomePasswordPage,
  '/admin/personage/index': AdminPersonagePage,
  '/admin/personage/password': AdminPasswordPage,
  '/home/personage/security': HomeSecurityPage,
  '/admin/personage/security': AdminSecurityPage,
}

/**
 * The session, and in the admin area its menu and a list's first page, asked for at start beside the
 * chunks: otherwise the first component asks for the user once the language has loaded, the menu
 * after that, and the list's rows once the page rendered.
 */
function prefetchSession(area: string, path: string): void {
  // The menu answers for the same session as the user call: asked beside it, not after it.
  if (area === 'admin') askMenusAtStart()
  void fetchUser()
    .then(async ({ user }) => {
      if (area !== 'admin' || !isAdmin(user)) return
      const items = await queryClient.fetchQuery({
        queryKey: menusKey(user.id ?? 0),
        queryFn: fetchMenus,
        staleTime: MENUS_STALE_MS,
      })
      // A generic list's page data and first page, as a hover on its menu link would ask for them.
      if (!PAGES[path])
        (await import('./menu-prefetch')).prefetchMenuPage(queryClient, items, path, window.location.search)
    })
    .finally(forgetMenusAskedAtStart)
}

/**
 * Starts loading the chunks of the page at `pathname` early, while the language still loads, and in a
 * logged-in area the session. A menu page of the admin area is most often a generic list: its chunk
 * starts too, rather than once the menu answered.
 */
export function preloadPage(pathname: string): void {
  const trimmed = pathname.replace(/\/$/, '')
  // `/`, `/home` and `/admin` lead to their group's index page.
  const path =
    trimmed === '' ? '/open/index' : /^\/(home|admin)$/.test(trimmed) ? `${trimmed}/index` : trimmed
  const area = /^\/(home|admin)\//.exec(path)?.[1]
  // A visitor of a logged-in area goes to the login page: that page loads instead of the area's layout.
  if (area && !probablySignedIn()) {
    LoginPage.preload().catch(() => undefined)
    return
  }
  if (area) prefetchSession(area, path)
  const chunks = [PAGES[path]]
  if (area === 'home') chunks.push(HomeLayout)
  if (area === 'admin') chunks.push(AdminLayout, ...(PAGES[path] ? [] : [MenuRoutes, ResourceListPage]))
  // A failure shows up, with its retry button, when the page renders.
  for (const chunk of chunks) chunk?.preload().catch(() => undefined)
}

export function createAppRouter() {
  return createBrowserRouter(routes)
}
