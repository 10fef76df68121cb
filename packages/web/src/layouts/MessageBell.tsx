import { isLoggedIn } from '../api/types'
import { lazyPart } from '../app/lazy-part'
import { useSession } from '../state/session'

/** The bell with its unread count (antd Badge and Tooltip, the inbox query): loaded only for a user. */
const MessageBellButton = lazyPart(
  () => import('./MessageBellButton'),
  // its place held, so the header's other buttons do not move when it comes
  () => <span className="bd-header-slot" aria-hidden="true" />,
)

/** The header's message bell, for a logged-in user only (not while a security step comes first). */
export function MessageBell({ area }: { area: 'open' | 'home' | 'admin' }) {
  const { user } = useSession()
  if (!isLoggedIn(user) || user.security_step) return null
  return <MessageBellButton area={area} />
}
