import { Alert, Card, Flex, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { useDocumentTitle } from '../../app/use-document-title'
import { ErrorPage } from '../../pages/errors/ErrorPage'
import { PageLoading } from '../PageLoading'

export interface ResourcePageProps {
  /** The resource, i.e. the url segment under /admin. */
  resource: string
  /** The page title (the menu item's name, translated). */
  title: string
}

/**
 * A page's frame: its title (and buttons beside it) above a card. The title is the page's heading
 * (its one `h1`, drawn at the size of a section title) and the browser tab's title.
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
        <Typography.Title level={1} className="bd-page-title">
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      <Card>{children}</Card>
    </Flex>
  )
}

/** What a page shows while its data loads or when it failed. */
export function QueryState({ error, loading }: { error: unknown; loading: boolean }) {
  const { t } = useTranslation()
  if (loading) return <PageLoading />
  if (error instanceof HttpError && error.status === 403) return <ErrorPage kind="forbidden" />
  if (error instanceof HttpError && error.status === 404) return <ErrorPage kind="not-found" />
  return <Alert type="error" showIcon title={t('http.server_error')} />
}
