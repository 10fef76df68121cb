import { Flex } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { ForbiddenPage, NotFoundPage } from '../../app/error-pages'
import { useDocumentTitle } from '../../app/use-document-title'
import { LazyAlert } from '../LazyAlert'
import { PageLoading } from '../PageLoading'

export interface ResourcePageProps {
  /** The resource, i.e. the url segment under /admin. */
  resource: string
  /** The page title (the menu item's name, translated). */
  title: string
}

/**
 * A page's frame: its title (and buttons beside it) above a card. The title is the page's heading
 * (its one `h1`, drawn at the size of a section title) and the browser tab's title. Plain elements
 * drawn like antd's Title and Card: a list page loads neither (a Card brings Tabs and Skeleton along).
 */
export function PageFrame({
  title,
  extra,
  children,
}: {
  title: string
  extra?: ReactNode
  children: ReactNode
}) {
  useDocumentTitle(title)
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 className="bd-page-title">{title}</h1>
        {extra}
      </Flex>
      <section className="bd-page-card">{children}</section>
    </Flex>
  )
}

/** What a page shows while its data loads or when it failed. */
export function QueryState({ error, loading }: { error: unknown; loading: boolean }) {
  const { t } = useTranslation()
  if (loading) return <PageLoading />
  const refused = error instanceof HttpError && [403, 404].includes(error.status) ? error.status : undefined
  if (refused) return refused === 403 ? <ForbiddenPage /> : <NotFoundPage />
  return <LazyAlert type="error" showIcon title={t('http.server_error')} />
}
