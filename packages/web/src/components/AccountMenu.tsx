import {
  ApiOutlined,
  DashboardOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { Avatar, Button, Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { getConfig } from '../api/config'
import { displayName, isAdmin, type SessionUser } from '../api/types'
import { useHeldRoutes } from '../app/permissions'
import { logout } from '../state/session'

/** The account menu of a logged-in user's header: the user's links and log out (its own chunk). */
export default function AccountMenu({ area, user }: { area: 'open' | 'home' | 'admin'; user: SessionUser }) {
  const { t } = useTranslation()
  const navigate = useNavigate()

  const held = useHeldRoutes()
  const personage = area === 'admin' ? '/admin/personage' : '/home/personage'
  // The back office's own security page for those whose roles hold it, else the home one (anyone's).
  const security =
    area === 'admin' && held('/admin/personage/security', 'GET')
      ? '/admin/personage/security'
      : '/home/personage/security'
  const items: MenuProps['items'] = [
    area !== 'home' && { key: '/home/index', icon: <HomeOutlined />, label: t('nav.homepage') },
    area !== 'admin' &&
      isAdmin(user) && { key: '/admin/index', icon: <DashboardOutlined />, label: t('nav.backstage') },
    { key: `${personage}/index`, icon: <IdcardOutlined />, label: t('nav.personal_data') },
    { key: `${personage}/password`, icon: <LockOutlined />, label: t('nav.change_password') },
    { key: security, icon: <SafetyOutlined />, label: t('security.title') },
    { key: '/home/apps', icon: <ApiOutlined />, label: t('apps.title') },
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
