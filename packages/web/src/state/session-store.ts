import type { SessionUser } from '../api/types'
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
