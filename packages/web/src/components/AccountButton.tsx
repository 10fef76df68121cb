import { UserOutlined } from '@ant-design/icons'
import { Avatar, Button, type ButtonProps } from 'antd'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../api/config'
import { displayName, type SessionUser } from '../api/types'

export interface AccountMenuProps {
  area: 'open' | 'home' | 'admin'
  user: SessionUser
}

/** What the account dropdown (AccountDropdown.tsx, a chunk of its own) is given. */
export interface AccountDropdownProps extends AccountMenuProps {
  /** Open at once: the button was clicked while its chunk loaded. */
  defaultOpen: boolean
  /** Takes the focus: it replaces the button that had it. */
  focus: boolean
}

/** The header's account button: the user's avatar and name (the account dropdown's trigger once loaded). */
export function AccountButton({
  user,
  ref,
  className,
  ...props
}: ButtonProps & { user: SessionUser; ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation()
  const avatar = typeof user.avatar === 'string' && user.avatar ? user.avatar : getConfig().def_avatar
  // The dropdown adds its own class names (trigger, open) to the ones of the header's buttons.
  return (
    <Button
      ref={ref}
      type="text"
      className={`bd-header-button bd-user-button${className ? ` ${className}` : ''}`}
      aria-label={t('nav.account')}
      {...props}
    >
      <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} alt="" />
      <span className="bd-hide-xs">{displayName(user)}</span>
    </Button>
  )
}
