import { createStore } from '../state/create-store'

/** The anti-forgery token of SPEC §3 "Shared state", sent as X-CSRF-TOKEN. */
export const tokenStore = createStore('')

export function getToken(): string {
  return tokenStore.get()
}

export function setToken(token: string): void {
  tokenStore.set(token)
}
