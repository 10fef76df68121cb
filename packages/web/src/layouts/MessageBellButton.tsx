import { BellOutlined } from '@ant-design/icons'
import { Badge, Button, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useHeldRoutes } from '../app/permissions'
import { useUnreadCount } from '../pages/messages/inbox-api'

/**
 * The unread count on a bell that opens the inbox: the back office's own when the user is there and
 * holds its page, otherwise the home one.
 */
export default function MessageBellButton({ area }: { area: 'open' | 'home' | 'admin' }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const unread = useUnreadCount()
  const held = useHeldRoutes()
  const target = area === 'admin' && held('/admin/inbox', 'GET') ? '/admin/inbox' : '/home/messages'
  const label = unread > 0 ? t('inbox.bell_unread', { count: unread }) : t('inbox.bell')
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="bd-header-button bd-message-bell"
        aria-label={label}
        onClick={() => navigate(target)}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        }
      />
    </Tooltip>
  )
}
