import { loginPath } from '../../../api/navigation'
import { isAdmin, isLoggedIn } from '../../../api/types'
import { useSession } from '../../../state/session'

/** Where the landing page's call to action leads: the back office, the homepage, or the login page. */
export function useEntryLink(): { to: string; loggedIn: boolean } {
  const { user } = useSession()
  if (isAdmin(user)) return { to: '/admin/index', loggedIn: true }
  if (isLoggedIn(user)) return { to: '/home/index', loggedIn: true }
  return { to: loginPath('/admin/index'), loggedIn: false }
}
