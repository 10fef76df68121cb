import { describe, expect, it } from 'vitest'
import { landingPath, safeRedirect } from './landing'

describe('safeRedirect', () => {
  it('keeps paths inside the app, with their query', () => {
    expect(safeRedirect('/admin/firms?page=2')).toBe('/admin/firms?page=2')
    expect(safeRedirect('/home/personage/index')).toBe('/home/personage/index')
  })

  it('refuses other sites, the API and the login page itself', () => {
    for (const value of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/web-api/open/logout',
      '/api/open/user',
      '/open/login?redirect=/x',
      '/open/register',
      '/open/password?x=1',
      ' /home/index',
      '',
      null,
    ]) {
      expect(safeRedirect(value), String(value)).toBe('')
    }
  })
})

describe('landingPath', () => {
  it('goes to the redirect, else to the back office for an admin, else home', () => {
    expect(landingPath({ id: 1 }, '/admin/banks')).toBe('/admin/banks')
    expect(landingPath({ id: 1, admin: { id: 1 } }, null)).toBe('/admin/index')
    expect(landingPath({ id: 2 }, 'https://evil.example')).toBe('/home/index')
  })
})

describe('landingPath with a security step', () => {
  it('goes first to the page of the step, whatever the redirect', () => {
    expect(landingPath({ id: 1, admin: { id: 1 }, security_step: 'totp' }, '/admin/banks')).toBe(
      '/home/personage/security',
    )
    expect(landingPath({ id: 2, security_step: 'password' }, null)).toBe('/home/personage/password')
    expect(landingPath({ id: 2, security_step: null }, null)).toBe('/home/index')
  })
})
