import { DesktopOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, List, Popconfirm, Result, Skeleton, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dayjs } from '../../i18n/dayjs'
import { useSession } from '../../state/session'
import type { PersonageArea } from './personage-api'
import { type OwnSession, securityApi } from './security-api'
import './personage.css'

const when = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm')

/**
 * The devices logged in to the user's account (GET /{area}/personage/sessions), this one marked; the
 * others can be logged out one by one or all at once. A logged-out device is told why at its next request.
 */
export function SessionsCard({ area }: { area: PersonageArea }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const queryClient = useQueryClient()
  const queryKey = ['own-sessions', area, user.id ?? 0]
  const sessions = useQuery({ queryKey, queryFn: () => securityApi.sessions(area), retry: false })
  const [ending, setEnding] = useState(false)
  const others = (sessions.data ?? []).filter((session) => !session.current)

  const end = async (ids: number[]) => {
    setEnding(true)
    try {
      await securityApi.endSessions(area, ids)
    } finally {
      setEnding(false)
      await queryClient.invalidateQueries({ queryKey })
    }
  }

  const row = (session: OwnSession) => (
    <List.Item
      actions={
        session.current
          ? [
              <Tag key="current" className="bd-strong-tag">
                {t('security.sessions.current')}
              </Tag>,
            ]
          : [
              <Popconfirm
                key="end"
                title={t('security.sessions.end_confirm')}
                okText={t('http.ok')}
                cancelText={t('http.cancel')}
                onConfirm={() => end([session.id])}
              >
                <Button size="small" danger loading={ending}>
                  {t('security.sessions.end')}
                </Button>
              </Popconfirm>,
            ]
      }
    >
      <List.Item.Meta
        avatar={<DesktopOutlined />}
        title={session.browser || t('security.sessions.unknown_browser')}
        description={
          <>
            <span>
              {session.ip} · {session.location}
            </span>
            <br />
            <span>
              {t('security.sessions.logged_in', { time: when(session.created_at) })} ·{' '}
              {t('security.sessions.last_seen', { time: when(session.last_used_at) })}
            </span>
          </>
        }
      />
    </List.Item>
  )

  return (
    <Card
      className="bd-personage bd-personage--narrow bd-security"
      title={
        <h2 className="bd-personage__title">
          <DesktopOutlined /> {t('security.sessions.title')}
        </h2>
      }
      extra={
        others.length > 1 && (
          <Popconfirm
            title={t('security.sessions.end_others_confirm', { count: others.length })}
            okText={t('http.ok')}
            cancelText={t('http.cancel')}
            onConfirm={() => end(others.map((session) => session.id))}
          >
            <Button size="small" danger loading={ending}>
              {t('security.sessions.end_others')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <p className="bd-personage__intro">{t('security.sessions.intro')}</p>
      {sessions.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {sessions.isError && <Result status="error" title={t('security.sessions.load_failed')} />}
      {sessions.data && <List dataSource={sessions.data} rowKey="id" renderItem={row} />}
    </Card>
  )
}
