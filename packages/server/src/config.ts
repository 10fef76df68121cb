import path from 'node:path'
import { APP_ENVS, DEFAULT_LANGUAGE, LANGUAGES, THEMES } from '@brokerdesk/shared'
import { z } from 'zod'

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** Every setting the server reads, with its default. `.env.example` lists the same. */
const ZEnv = z.object({
  APP_ENV: z.enum(APP_ENVS).default('local'),
  APP_NAME: z.string().default('Brokerdesk'),
  APP_URL: z.string().default(''),
  /** Signs CSRF tokens and encrypts stored secrets. Required in production; generated and kept in the database otherwise. */
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters').optional(),
  APP_DEBUG: ZBoolean.default(false),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  SESSION_LIFETIME: z.coerce.number().int().positive().default(120),
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  DEFAULT_THEME: z.enum(THEMES).default('primary'),
  PAGE_GRAY: z.enum(['0', '1']).default('0').transform(Number),
  STATISTICS_URL: z.string().default(''),
  AUTOMATION_REDIRECT: z.string().default(''),
  WECHAT_APPID: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives; defaults to the web package's dist. */
  WEB_DIST: z.string().optional(),
})

export type AppConfig = ReturnType<typeof loadConfig>

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = ZEnv.safeParse(defined)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.APP_ENV === 'production' && !e.APP_KEY) {
    throw new ConfigError('Invalid configuration:\n  APP_KEY: required when APP_ENV=production')
  }
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    env: e.APP_ENV,
    name: e.APP_NAME,
    appUrl: e.APP_URL,
    appKey: e.APP_KEY,
    debug: e.APP_DEBUG,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    uploadDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminPassword: e.ADMIN_PASSWORD,
    sessionLifetime: e.SESSION_LIFETIME,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    defaultTheme: e.DEFAULT_THEME,
    pageGray: e.PAGE_GRAY as 0 | 1,
    statisticsUrl: e.STATISTICS_URL,
    automationRedirect: e.AUTOMATION_REDIRECT.split(',').filter(Boolean),
    wechatAppId: e.WECHAT_APPID,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    secureCookies: e.APP_ENV === 'production',
  }
}
