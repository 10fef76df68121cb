import { LoginOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { loginPath } from '../api/navigation'
import { displayName, isLoggedIn, type SessionUser } from '../api/types'
import { lazyPart } from '../app/lazy-part'
import { useSession } from '../state/session'
import { ButtonLink } from './ButtonLink'

/** Holds the account's place while the session or the account menu loads. */
function AvatarPlaceholder() {
  return (
    <span className="bd-user-avatar" aria-hidden="true">
      <UserOutlined />
    </span>
  )
}

/**
 * The account button's place while its chunk loads: the avatar and the name (hidden on a phone, as the
 * button's is) in a box as wide as the button, so the header's other buttons do not move when it comes.
 */
function AccountPlaceholder({ user }: { user: SessionUser }) {
  return (
    <span className="bd-user-slot" aria-hidden="true">
      <span className="bd-user-avatar bd-user-avatar--small">
        <UserOutlined />
      </span>
      <span className="bd-hide-xs">{displayName(user)}</span>
    </span>
  )
}

/** The logged-in user's menu (its button; the dropdown loads on first need): loaded only for a user. */
const AccountMenu = lazyPart(
  () => import('./AccountMenu'),
  ({ user }) => <AccountPlaceholder user={user} />,
)

/** The account menu of a header: the user's links and log out, or a log-in button for a visitor. */
export function UserMenu({ area }: { area: 'open' | 'home' | 'admin' }) {
  const { t } = useTranslation()
  const location = useLocation()
  const { user, loading } = useSession()

  if (loading) return <AvatarPlaceholder />
  if (!isLoggedIn(user)) {
    return (
      <ButtonLink type="primary" icon={<LoginOutlined />} to={loginPath(location.pathname + location.search)}>
        {t('nav.login')}
      </ButtonLink>
    )
  }
  return <AccountMenu area={area} user={user} />
}
