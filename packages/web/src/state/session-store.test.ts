import { beforeEach, describe, expect, it } from 'vitest'
import { clearUser, probablySignedIn, sessionStore } from './session-store'

beforeEach(() => {
  localStorage.clear()
})

describe('probablySignedIn', () => {
  it('remembers whether the last session seen was logged in, and forgets it at logout', () => {
    expect(probablySignedIn()).toBe(false)
    sessionStore.set({ user: { id: 7 }, lifetime: 120, loading: false })
    expect(probablySignedIn()).toBe(true)
    clearUser()
    expect(probablySignedIn()).toBe(false)
  })

  it('keeps the hint while the user is still being asked for', () => {
    sessionStore.set({ user: { id: 7 }, lifetime: 120, loading: false })
    sessionStore.set({ user: {}, lifetime: 0, loading: true })
    expect(probablySignedIn()).toBe(true)
    sessionStore.set({ user: {}, lifetime: 0, loading: false })
    expect(probablySignedIn()).toBe(false)
  })
})
