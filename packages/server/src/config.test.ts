import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, oauthTypeOf } from './config'

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

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ])
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
  })

  it('requires an APP_KEY in production', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/APP_KEY/)
    expect(loadConfig({ APP_ENV: 'production', APP_KEY: 'k'.repeat(32) }).secureCookies).toBe(true)
  })

  it('sends S3 parts of 8 MB, and smaller than S3 takes (5 MB) only in testing', () => {
    const s3 = { S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }
    expect(loadConfig(s3).s3?.partBytes).toBe(8 * 1024 * 1024)
    expect(() => loadConfig({ ...s3, S3_PART_KB: '1024' })).toThrow(/S3_PART_KB: at least 5120/)
    expect(loadConfig({ ...s3, S3_PART_KB: '256', APP_ENV: 'testing' }).s3?.partBytes).toBe(256 * 1024)
    expect(() => loadConfig({ ...s3, S3_PART_KB: '16', APP_ENV: 'testing' })).toThrow(/S3_PART_KB/)
  })

  it('reads mail, SMS and OpenID provider settings, and names what is missing', () => {
    const config = loadConfig({
      MAIL_HOST: 'smtp.example.com',
      MAIL_SECURE: 'true',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      OIDC_PROVIDERS: 'Acme, weibo',
      OIDC_ACME_ISSUER: 'https://id.acme.example',
      OIDC_ACME_CLIENT_ID: 'desk',
      OIDC_WEIBO_ISSUER: 'https://weibo.example',
      OIDC_WEIBO_CLIENT_ID: 'desk',
    })
    expect(config.mail).toMatchObject({ host: 'smtp.example.com', port: 465, secure: true })
    expect(config.sms).toMatchObject({ provider: 'http', httpUrl: 'https://sms.example.com/send' })
    expect(config.oidcProviders.map((p) => [p.name, p.type, p.scope])).toEqual([
      ['acme', oauthTypeOf('acme'), 'openid profile email'],
      ['weibo', 3, 'openid profile email'],
    ])
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/)
    expect(() => loadConfig({ OIDC_PROVIDERS: 'acme' })).toThrow(/OIDC_ACME_ISSUER[\s\S]*OIDC_ACME_CLIENT_ID/)
    expect(() =>
      loadConfig({
        OIDC_PROVIDERS: 'a1,b2',
        OIDC_A1_ISSUER: 'https://a',
        OIDC_A1_CLIENT_ID: 'x',
        OIDC_A1_TYPE: '42',
        OIDC_B2_ISSUER: 'https://b',
        OIDC_B2_CLIENT_ID: 'x',
        OIDC_B2_TYPE: '42',
      }),
    ).toThrow(/code 42 is taken/)
  })

  it('gives a provider name the same ousers.type code every time, 10 or more unless it is qq, weixin or weibo', () => {
    expect(oauthTypeOf('acme')).toBe(oauthTypeOf('acme'))
    expect(oauthTypeOf('acme')).toBeGreaterThanOrEqual(10)
    expect(oauthTypeOf('acme')).not.toBe(oauthTypeOf('google'))
    expect([oauthTypeOf('qq'), oauthTypeOf('weixin'), oauthTypeOf('weibo')]).toEqual([1, 2, 3])
    expect(oauthTypeOf('acme', '77')).toBe(77)
  })
})
