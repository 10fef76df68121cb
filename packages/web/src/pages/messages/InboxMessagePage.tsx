import { ArrowLeftOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Skeleton, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import { HttpError } from '../../api/http'
import { useDocumentTitle } from '../../app/use-document-title'
import { SafeHtml } from '../../components/rich-text/SafeHtml'
import { dayjs } from '../../i18n/dayjs'
import { ErrorPage } from '../errors/ErrorPage'
import { inboxBase, useInboxMessage, useMarkRead } from './inbox-api'
import './inbox.css'

/** One message of the user's inbox; opening it marks it read. */
export default function InboxMessagePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const base = inboxBase(useLocation().pathname)
  const id = useParams().id ?? ''
  const message = useInboxMessage(id)
  const { mutate: markRead } = useMarkRead()
  useDocumentTitle(message.data?.title ?? t('inbox.title'))
  const unread = message.data !== undefined && message.data.read_at === null

  useEffect(() => {
    if (unread) markRead({ ids: [Number(id)] })
  }, [unread, id, markRead])

  if (message.error instanceof HttpError && message.error.status === 404)
    return <ErrorPage kind="not-found" />
  return (
    <div className="bd-page bd-inbox">
      <div>
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(base)}
          className="bd-inbox__back"
        >
          {t('inbox.back')}
        </Button>
      </div>
      <Card>
        {message.data ? (
          <article className="bd-inbox__message">
            <header className="bd-inbox__message-head">
              <Typography.Title level={1} className="bd-page-title">
                {message.data.title}
              </Typography.Title>
              <Flex gap={12} wrap className="bd-inbox__meta">
                {message.data.author_name && (
                  <span>{t('inbox.from', { name: message.data.author_name })}</span>
                )}
                <time dateTime={message.data.created_at}>
                  {dayjs(message.data.created_at).format('YYYY-MM-DD HH:mm')}
                </time>
              </Flex>
            </header>
            <SafeHtml html={message.data.content} />
          </article>
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Card>
    </div>
  )
}
