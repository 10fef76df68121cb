import { describe, expect, it } from 'vitest'
import { CSRF_TOKEN_TTL_MS, issueCsrfToken, verifyCsrfToken } from './csrf'

const key = 'k'.repeat(48)
const client = 'A'.repeat(32)

describe('CSRF tokens', () => {
  it('verifies a token for the client it was issued to', () => {
    expect(verifyCsrfToken(key, client, issueCsrfToken(key, client))).toBe(true)
  })

  it('refuses another client, another key, a forged or an expired token', () => {
    const now = Date.now()
    const token = issueCsrfToken(key, client, now)
    expect(verifyCsrfToken(key, 'B'.repeat(32), token, now)).toBe(false)
    expect(verifyCsrfToken('x'.repeat(48), client, token, now)).toBe(false)
    expect(verifyCsrfToken(key, client, `${now}.forged`, now)).toBe(false)
    expect(verifyCsrfToken(key, client, '', now)).toBe(false)
    expect(verifyCsrfToken(key, client, token, now + CSRF_TOKEN_TTL_MS + 1)).toBe(false)
    expect(verifyCsrfToken(key, '', issueCsrfToken(key, ''), now)).toBe(false)
  })
})
