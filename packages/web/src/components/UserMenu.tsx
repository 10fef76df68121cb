import {
  ApiOutlined,
  DashboardOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  LoginOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { Avatar, Button, Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { loginPath } from '../api/navigation'
import { displayName, isAdmin, isLoggedIn } from '../api/types'
import { getConfig } from '../app/config'
import { logout, useSession } from '../state/session'
import { ButtonLink } from './ButtonLink'

/** The account menu of a header: the user's links and log out, or a log-in button for a visitor. */
export function UserMenu({ area }: { area: 'open' | 'home' | 'admin' }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const { user, loading } = useSession()

  if (loading) return <Avatar icon={<UserOutlined />} className="bd-user-avatar" aria-hidden="true" />
  if (!isLoggedIn(user)) {
    return (
      <ButtonLink type="primary" icon={<LoginOutlined />} to={loginPath(location.pathname + location.search)}>
        {t('nav.login')}
      </ButtonLink>
    )
  }

  const personage = area === 'admin' ? '/admin/personage' : '/home/personage'
  const items: MenuProps['items'] = [
    area !== 'home' && { key: '/home/index', icon: <HomeOutlined />, label: t('nav.homepage') },
    area !== 'admin' &&
      isAdmin(user) && { key: '/admin/index', icon: <DashboardOutlined />, label: t('nav.backstage') },
    { key: `${personage}/index`, icon: <IdcardOutlined />, label: t('nav.personal_data') },
    { key: `${personage}/password`, icon: <LockOutlined />, label: t('nav.change_password') },
    { key: '/open/apps', icon: <ApiOutlined />, label: t('apps.title') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
  ].filter(Boolean) as MenuProps['items']

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== 'logout') {
      navigate(key)
      return
    }
    void logout()
      .then(() => navigate('/open/index'))
      .catch(() => undefined)
  }

  const name = displayName(user)
  const avatar = typeof user.avatar === 'string' && user.avatar ? user.avatar : getConfig().def_avatar
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button type="text" className="bd-header-button bd-user-button" aria-label={t('nav.account')}>
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="bd-hide-xs">{name}</span>
      </Button>
    </Dropdown>
  )
}
