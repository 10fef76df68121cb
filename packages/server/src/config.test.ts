import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('starts with safe defaults on an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ env: 'local', port: 8080, sessionLifetime: 120, defaultLanguage: 'zh-CN' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toMatch(/data$/)
  })

  it('names every bad value in one clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PAGE_GRAY: '3' })).toThrow(
      ConfigError,
    )
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })
    } catch (error) {
      expect((error as Error).message).toContain('PORT')
      expect((error as Error).message).toContain('DATABASE_URL must start with postgres://')
    }
  })

  it('requires an APP_KEY in production', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/APP_KEY/)
    expect(loadConfig({ APP_ENV: 'production', APP_KEY: 'k'.repeat(32) }).secureCookies).toBe(true)
  })
})
