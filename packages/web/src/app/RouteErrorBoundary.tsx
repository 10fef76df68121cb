import { ExclamationCircleFilled, ReloadOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router'
import { ButtonLink } from '../components/ButtonLink'
import { ErrorPage } from './error-pages'
import { groupHome } from './group-home'
import { isChunkLoadError } from './lazy-page'

/** Re-renders the current route; the boundary resets because the location changes. */
function useRetry(error: unknown) {
  const navigate = useNavigate()
  const location = useLocation()
  return () => {
    if (isChunkLoadError(error)) error.reset?.()
    navigate(location, { replace: true, state: location.state })
  }
}

/** The error element of every route group: chunk-load failures get a retry, others an error page. */
export function RouteErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const { pathname } = useLocation()
  const retry = useRetry(error)

  // Drawn without the error pages' chunk, which may be just as unreachable as the one that failed.
  if (isChunkLoadError(error)) {
    return (
      <section className="bd-error-page">
        <div className="bd-error-page__panel">
          <ExclamationCircleFilled className="bd-error-page__icon" aria-hidden="true" />
          <h1 className="bd-error-page__title">{t('errors.chunk.title', { chunk: error.chunk })}</h1>
          <p className="bd-error-page__text">
            {t(`errors.chunk.${error.type}`)}
            <br />
            <code className="bd-error-page__code">
              {error.message} ({error.type})
            </code>
          </p>
          <div className="bd-error-page__actions">
            <Button type="primary" icon={<ReloadOutlined />} onClick={retry}>
              {t('errors.retry')}
            </Button>
            <ButtonLink to={groupHome(pathname)}>{t('errors.back_home')}</ButtonLink>
          </div>
        </div>
      </section>
    )
  }
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorPage kind="not-found" />
    if (error.status === 403) return <ErrorPage kind="forbidden" />
    if (error.status === 503) return <ErrorPage kind="maintenance" />
  }
  if (import.meta.env.DEV) console.error(error)
  return (
    <ErrorPage
      kind="server"
      extra={
        <Button icon={<ReloadOutlined />} onClick={retry}>
          {t('errors.retry')}
        </Button>
      }
    />
  )
}
