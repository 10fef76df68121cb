import { ToolOutlined } from '@ant-design/icons'
import { Result } from 'antd'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { groupHome } from '../../app/group-home'
import { lazyPart } from '../../app/lazy-part'
import { useDocumentTitle } from '../../app/use-document-title'
import { ButtonLink } from '../../components/ButtonLink'

/** The not-found page's search box (AutoComplete, Input): its own chunk, off the first page. */
const PageSearch = lazyPart(() => import('./PageSearch').then((module) => ({ default: module.PageSearch })))

export type ErrorKind = 'not-found' | 'forbidden' | 'maintenance' | 'server'

const TEXT_KEYS: Record<ErrorKind, string> = {
  'not-found': 'errors.not_found',
  forbidden: 'errors.forbidden',
  maintenance: 'errors.maintenance',
  server: 'errors.server',
}

export interface ErrorPageProps {
  kind: ErrorKind
  /** Where "back to home" leads; the home of the current route group by default. */
  home?: string
  /** Extra actions next to the home link (e.g. a retry button). */
  extra?: ReactNode
}

/** The error pages of SPEC §8: not found (with search), no access, maintenance, server error. */
export function ErrorPage({ kind, home, extra }: ErrorPageProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const key = TEXT_KEYS[kind]
  useDocumentTitle(t(`${key}.title`))
  const status =
    kind === 'not-found' ? '404' : kind === 'forbidden' ? '403' : kind === 'server' ? '500' : 'info'
  const section = useRef<HTMLElement>(null)
  // antd's illustrations carry an English <title> ("No Found") that a pointer or a screen reader
  // shows as the page's name; they are decoration beside the heading.
  useEffect(() => {
    for (const svg of section.current?.querySelectorAll('.ant-result-image svg') ?? []) {
      svg.setAttribute('aria-hidden', 'true')
      for (const title of svg.querySelectorAll('title')) title.textContent = ''
    }
  })
  return (
    <section className="bd-error-page" ref={section}>
      <Result
        status={status}
        styles={{ body: { background: 'transparent', padding: 0 } }}
        icon={kind === 'maintenance' ? <ToolOutlined className="bd-error-page__icon" /> : undefined}
        title={<h1 className="bd-error-page__title">{t(`${key}.title`)}</h1>}
        subTitle={t(`${key}.text`)}
        extra={
          <div className="bd-error-page__actions">
            <ButtonLink type="primary" to={home ?? groupHome(pathname)}>
              {t('errors.back_home')}
            </ButtonLink>
            {extra}
          </div>
        }
      >
        {kind === 'not-found' && <PageSearch />}
      </Result>
    </section>
  )
}
