import {
  ApiOutlined,
  DashboardOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyOutlined,
} from '@ant-design/icons'
import { Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isAdmin } from '../api/types'
import { useHeldRoutes } from '../app/permissions'
import { logout } from '../state/session'
import { AccountButton, type AccountDropdownProps } from './AccountButton'
import { useMenuInPlace } from './lazy-menu'

/**
 * The account button with its dropdown: the user's links and log out (antd's Dropdown and Menu, a
 * chunk of its own that AccountMenu loads on first need).
 */
export default function AccountDropdown({ area, user, defaultOpen, focus }: AccountDropdownProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { open, setOpen, ref: button } = useMenuInPlace({ defaultOpen, focus })

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
    setOpen(false)
    if (key !== 'logout') {
      navigate(key)
      return
    }
    void logout()
      .then(() => navigate('/open/index'))
      .catch(() => undefined)
  }

  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={{ items, onClick }}>
      <AccountButton ref={button} user={user} />
    </Dropdown>
  )
}
