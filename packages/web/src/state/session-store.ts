import { forgetBootRequests } from '../api/boot-requests'
import { isLoggedIn, type SessionUser } from '../api/types'
import { createStore } from './create-store'

export interface SessionState {
  user: SessionUser
  /** Session lifetime in minutes, as the server answered. */
  lifetime: number
  /** True until the first user fetch ends (SPEC §4 "Session"). */
  loading: boolean
}

export const sessionStore = createStore<SessionState>({ user: {}, lifetime: 0, loading: true })

export function clearUser(): void {
  sessionStore.set((state) => ({ ...state, user: {}, loading: false }))
}

/** Where the tab remembers that the last session it saw was logged in (a hint, never a permission). */
const SIGNED_IN_KEY = 'bd-signed-in'

/**
 * Whether the last session seen in this browser was logged in: the session cookie is HttpOnly, so at
 * start-up this is the SPA's only clue, used to load a logged-in area's layout before the user answer.
 */
export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1'
  } catch {
    return false
  }
}

sessionStore.subscribe(() => {
  const { user, loading } = sessionStore.get()
  if (loading) return
  try {
    if (isLoggedIn(user)) localStorage.setItem(SIGNED_IN_KEY, '1')
    else {
      localStorage.removeItem(SIGNED_IN_KEY)
      forgetBootRequests()
    }
  } catch {
    // Storage refused (private mode): the layouts then load after the user answer.
  }
})
