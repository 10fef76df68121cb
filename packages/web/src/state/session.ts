import { useEffect } from 'react'
import { removeCookie } from '../api/cookies'
import { COOKIE, http, refreshToken } from '../api/http'
import { getToken } from '../api/token'
import type { UserAnswer } from '../api/types'
import { useStore } from './create-store'
import { clearListStates } from './list-state'
import { forgetPageData } from './page-data-store'
import { clearUser, type SessionState, sessionStore } from './session-store'

export { clearUser, sessionStore }

let pending: Promise<SessionState> | null = null

/**
 * GET /open/user (with force=1 when forced, e.g. after logging in); loading ends on success and,
 * silently, on failure (SPEC §4).
 */
export function fetchUser(force = false): Promise<SessionState> {
  const state = sessionStore.get()
  if (!force && !state.loading) return Promise.resolve(state)
  pending ??= http
    .get<UserAnswer>('/open/user', force ? { force: 1 } : undefined, { silent: true })
    .then((answer) => {
      sessionStore.set({ user: answer?.user ?? {}, lifetime: answer?.lifetime ?? 0, loading: false })
      return sessionStore.get()
    })
    .catch(() => {
      sessionStore.set((prev) => ({ ...prev, loading: false }))
      return sessionStore.get()
    })
    .finally(() => {
      pending = null
    })
  return pending
}

/** Starts the session a login or registration answered with (the same shape as GET /open/user). */
export function signIn(answer: UserAnswer | undefined): void {
  sessionStore.set({ user: answer?.user ?? {}, lifetime: answer?.lifetime ?? 0, loading: false })
}

/**
 * POST /open/logout (a 302 also counts as logged out), then clears the Authorization and Open-Id
 * cookies, refreshes the token and empties the user after 100 ms (SPEC §4).
 */
export async function logout(isWechat = false): Promise<void> {
  await http.post('/open/logout', { _token: getToken(), is_wechat: isWechat ? 1 : 0 }, { redirect: 'manual' })
  removeCookie(COOKIE.authorization)
  removeCookie(COOKIE.openId)
  await refreshToken().catch(() => undefined)
  await new Promise((resolve) => setTimeout(resolve, 100))
  clearListStates()
  forgetPageData()
  clearUser()
}

/** The session, fetching the user the first time it is asked for. */
export function useSession(): SessionState {
  const state = useStore(sessionStore)
  const loading = state.loading
  useEffect(() => {
    if (loading) void fetchUser()
  }, [loading])
  return state
}
