import { CheckOutlined, MailOutlined } from '@ant-design/icons'
import type { TInboxMessage } from '@brokerdesk/shared'
import { Badge, Button, Card, Empty, Flex, List, Segmented, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useDocumentTitle } from '../../app/use-document-title'
import { dayjs } from '../../i18n/dayjs'
import { notify } from '../../state/notify'
import { inboxBase, useInbox, useMarkRead } from './inbox-api'
import './inbox.css'

const PER_PAGE = 15

/**
 * The user's messages (/home/messages, and /admin/inbox in the back office): newest first, all or
 * only the unread ones, each marked read on its own or all at once; a title opens the message.
 */
export default function InboxPage() {
  const { t } = useTranslation()
  const base = inboxBase(useLocation().pathname)
  const [page, setPage] = useState(1)
  const [unreadOnly, setUnreadOnly] = useState(false)
  const inbox = useInbox({ page, per_page: PER_PAGE, unread: unreadOnly })
  const markRead = useMarkRead()
  useDocumentTitle(t('inbox.title'))
  const unread = inbox.data?.unread ?? 0

  const markAll = async () => {
    await markRead.mutateAsync({ all: true })
    notify('success', t('inbox.marked_all'))
  }

  return (
    <div className="bd-page bd-inbox">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={1} className="bd-page-title">
          {t('inbox.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Segmented
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(value) => {
              setUnreadOnly(value === 'unread')
              setPage(1)
            }}
            options={[
              { value: 'all', label: t('inbox.all') },
              { value: 'unread', label: t('inbox.unread_count', { count: unread }) },
            ]}
          />
          <Button
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={markAll}
          >
            {t('inbox.mark_all_read')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <List<TInboxMessage>
          loading={inbox.isPending}
          dataSource={inbox.data?.data ?? []}
          locale={{
            emptyText: <Empty description={t(unreadOnly ? 'inbox.empty_unread' : 'inbox.empty')} />,
          }}
          pagination={
            (inbox.data?.last_page ?? 1) > 1 && {
              current: page,
              pageSize: PER_PAGE,
              total: inbox.data?.total,
              onChange: setPage,
              showSizeChanger: false,
            }
          }
          renderItem={(message) => (
            <List.Item
              className={message.read_at ? 'bd-inbox__item' : 'bd-inbox__item bd-inbox__item--unread'}
              actions={
                message.read_at
                  ? []
                  : [
                      <Button
                        key="read"
                        type="link"
                        size="small"
                        onClick={() => markRead.mutate({ ids: [message.id] })}
                      >
                        {t('inbox.mark_read')}
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                avatar={
                  <Badge dot={!message.read_at} offset={[-2, 2]}>
                    <MailOutlined className="bd-inbox__icon" aria-hidden="true" />
                  </Badge>
                }
                title={
                  <>
                    {!message.read_at && <span className="bd-inbox__sr-only">{t('inbox.new')} </span>}
                    <Link to={`${base}/${message.id}`} className="bd-inbox__title">
                      {message.title}
                    </Link>
                  </>
                }
                description={`${message.author_name ? `${t('inbox.from', { name: message.author_name })} · ` : ''}${dayjs(message.created_at).format('YYYY-MM-DD HH:mm')}`}
              />
            </List.Item>
          )}
        />
      </Card>
    </div>
  )
}
