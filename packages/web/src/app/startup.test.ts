import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyStartup, type StartupEnv } from './startup'

const base = { statistics_url: '', page_gray: 0 as const, automation_redirect: [] as string[] }

function env(overrides: Partial<StartupEnv> = {}): StartupEnv {
  return { production: true, document, webdriver: false, redirect: vi.fn(), ...overrides }
}

afterEach(() => {
  document.head.innerHTML = ''
  document.documentElement.style.filter = ''
})

describe('applyStartup', () => {
  it('loads the statistics script in production builds only', () => {
    applyStartup({ ...base, statistics_url: 'https://stats.example.com/s.js' }, env({ production: false }))
    expect(document.head.querySelector('script')).toBeNull()

    applyStartup({ ...base, statistics_url: 'https://stats.example.com/s.js' }, env())
    const script = document.head.querySelector('script')
    expect(script?.getAttribute('src')).toBe('https://stats.example.com/s.js')
    expect(script?.async).toBe(true)
  })

  it('adds no script when no statistics address is configured', () => {
    applyStartup(base, env())
    expect(document.head.querySelector('script')).toBeNull()
  })

  it('grays the whole page when page_gray is 1', () => {
    applyStartup({ ...base, page_gray: 0 }, env())
    expect(document.documentElement.style.filter).toBe('')
    applyStartup({ ...base, page_gray: 1 }, env())
    expect(document.documentElement.style.filter).toBe('grayscale(100%)')
  })

  it('sends an automated browser to the joined redirect list', () => {
    const redirect = vi.fn()
    const config = { ...base, automation_redirect: ['https://', 'example.com', '/away'] }
    expect(applyStartup(config, env({ webdriver: true, redirect }))).toBe(true)
    expect(redirect).toHaveBeenCalledWith('https://example.com/away')
  })

  it('leaves a real browser or an empty redirect list alone', () => {
    const redirect = vi.fn()
    expect(applyStartup({ ...base, automation_redirect: ['https://x.test'] }, env({ redirect }))).toBe(false)
    expect(applyStartup(base, env({ webdriver: true, redirect }))).toBe(false)
    expect(redirect).not.toHaveBeenCalled()
  })
})
