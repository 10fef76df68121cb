import { afterEach, describe, expect, it } from 'vitest'
import { probablySignedIn } from './session-store'

afterEach(() => {
  window.__BROKERDESK_SESSION__ = undefined
})

describe('probablySignedIn', () => {
  it('follows what the server saw in the request for the page: a session cookie, or none', () => {
    window.__BROKERDESK_SESSION__ = true
    expect(probablySignedIn()).toBe(true)
    window.__BROKERDESK_SESSION__ = false
    expect(probablySignedIn()).toBe(false)
  })

  it('is false without the server’s page (no hint at all)', () => {
    expect(probablySignedIn()).toBe(false)
  })
})
