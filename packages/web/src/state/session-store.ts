import { SESSION_HINT_GLOBAL_NAME } from '@brokerdesk/shared'
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

declare global {
  interface Window {
    [SESSION_HINT_GLOBAL_NAME]?: boolean
  }
}

/**
 * Whether the browser holds a session, as the server saw in the request for this page (the session
 * cookie is HttpOnly, so the page cannot look itself): the clue used at start-up to load a logged-in
 * area's layout and data before the user answers. A hint, never a permission; without the server's
 * page (vite's dev server) there is none, and the layouts load after the user answer.
 */
export function probablySignedIn(): boolean {
  return window[SESSION_HINT_GLOBAL_NAME] === true
}

// Logged out (or the session ended): the start-up requests kept for the next visit were the user's.
sessionStore.subscribe(() => {
  const { user, loading } = sessionStore.get()
  if (!loading && !isLoggedIn(user)) forgetBootRequests()
})
