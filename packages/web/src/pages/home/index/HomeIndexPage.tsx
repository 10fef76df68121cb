import {
  DashboardOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LockOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { Avatar, Card, Col, Descriptions, Row } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { getConfig } from '../../../api/config'
import { displayName, isAdmin, type SessionUser } from '../../../api/types'
import { useDocumentTitle } from '../../../app/use-document-title'
import { useSession } from '../../../state/session'

export function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning'
  if (hour >= 12 && hour < 18) return 'afternoon'
  return 'evening'
}

interface Shortcut {
  to: string
  icon: ReactNode
  title: string
  text: string
}

function shortcuts(user: SessionUser, t: (key: string) => string): Shortcut[] {
  const list: Shortcut[] = [
    {
      to: '/home/personage/index',
      icon: <IdcardOutlined />,
      title: t('nav.personal_data'),
      text: t('home.personal_data_text'),
    },
    {
      to: '/home/personage/password',
      icon: <LockOutlined />,
      title: t('nav.change_password'),
      text: t('home.change_password_text'),
    },
  ]
  if (isAdmin(user)) {
    list.push({
      to: '/admin/index',
      icon: <DashboardOutlined />,
      title: t('nav.backstage'),
      text: t('home.backstage_text'),
    })
  }
  list.push({
    to: '/open/index',
    icon: <GlobalOutlined />,
    title: t('nav.official_website'),
    text: t('home.website_text'),
  })
  return list
}

/** /home/index: the homepage of a logged-in user. */
export default function HomeIndexPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const name = displayName(user)
  useDocumentTitle(t('nav.homepage'))
  const missing = t('messages.missing_value')
  const value = (field: unknown) => (typeof field === 'string' && field ? field : missing)
  const avatar = typeof user.avatar === 'string' && user.avatar ? user.avatar : getConfig().def_avatar

  return (
    <div className="bd-page">
      <Card className="bd-welcome" variant="borderless">
        <div className="bd-welcome__body">
          <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} alt="" />
          <div>
            <h1 className="bd-welcome__title">
              {t(`home.greeting.${greetingKey(new Date().getHours())}`, { name })}
            </h1>
            <p className="bd-welcome__text">{t('home.intro')}</p>
          </div>
        </div>
      </Card>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card title={t('home.account_title')} className="bd-fill">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('fields.username')}>{value(user.uname)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.nickname')}>{value(user.nickname)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.email')}>{value(user.email)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.mobile_phone')}>
                {value(user.mobile_phone)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('home.links_title')} className="bd-fill">
            <ul className="bd-shortcuts">
              {shortcuts(user, t).map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="bd-shortcut">
                    <span className="bd-shortcut__icon">{item.icon}</span>
                    <span>
                      <strong>{item.title}</strong>
                      <span className="bd-shortcut__text">{item.text}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </Col>
      </Row>
    </div>
  )
}
