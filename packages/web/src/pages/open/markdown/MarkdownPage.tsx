import { MARKDOWN_PAGE_KEYS, type MarkdownPageKey, type TMarkdownPage } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { Empty, Skeleton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { http } from '../../../api/http'
import { useDocumentTitle } from '../../../app/use-document-title'
import { SafeHtml } from '../../../components/rich-text/SafeHtml'
import { dayjs } from '../../../i18n/dayjs'
import { ErrorPage } from '../../errors/ErrorPage'
import { renderMarkdown } from './render-markdown'
import './markdown-page.css'

const isPageKey = (key: string | null): key is MarkdownPageKey =>
  (MARKDOWN_PAGE_KEYS as readonly (string | null)[]).includes(key)

/** /open/markdown?key=: the user agreement, the privacy policy or the about page, from the settings. */
export default function MarkdownPage() {
  const [params] = useSearchParams()
  const key = params.get('key')
  return isPageKey(key) ? <MarkdownDocument key={key} pageKey={key} /> : <ErrorPage kind="not-found" />
}

function MarkdownDocument({ pageKey }: { pageKey: MarkdownPageKey }) {
  const { t } = useTranslation()
  const title = t(`markdown.titles.${pageKey}`)
  useDocumentTitle(title)
  const page = useQuery({
    queryKey: ['markdown-page', pageKey],
    queryFn: async () => (await http.get<{ page: TMarkdownPage }>('/open/markdown', { key: pageKey })).page,
  })
  const html = useQuery({
    queryKey: ['markdown-html', page.data?.markdown],
    queryFn: () => renderMarkdown(page.data?.markdown ?? ''),
    enabled: Boolean(page.data?.markdown),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const empty = page.data !== undefined && page.data.markdown.trim() === ''
  return (
    <article className="bd-container bd-document">
      <header className="bd-document__head">
        <Typography.Title level={1} className="bd-document__title">
          {title}
        </Typography.Title>
        {page.data && !empty && (
          <Typography.Text type="secondary">
            {t('markdown.updated', { date: dayjs(page.data.updated_at).format('YYYY-MM-DD') })}
          </Typography.Text>
        )}
      </header>
      {empty ? (
        <Empty description={t('markdown.empty')} />
      ) : html.data !== undefined ? (
        <SafeHtml html={html.data} />
      ) : page.isError || html.isError ? (
        <Empty description={t('http.server_error')} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </article>
  )
}
