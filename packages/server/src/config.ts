import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
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
  SEED_DEMO: ZBoolean.default(false),
  /** Lets webhooks call loopback and private-network addresses (tests, a receiver on the same host). */
  WEBHOOK_ALLOW_PRIVATE: ZBoolean.default(false),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  /** How many megabytes of uploads each user may store. */
  UPLOAD_QUOTA_MB: z.coerce.number().int().positive().default(512),
  /** Where new uploads are stored unless the `upload_provider` setting says otherwise: local, s3 or qiniu. */
  UPLOAD_PROVIDER: z.enum(['local', 's3', 'qiniu']).default('local'),
  /** An S3-compatible store (AWS, MinIO, ...): endpoint (empty: AWS), region, bucket and keys. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) address' }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (most S3-compatible servers) rather than in the host name. */
  S3_FORCE_PATH_STYLE: ZBoolean.default(true),
  /** The parts a resumable upload is sent to the store in (KB); S3 and MinIO refuse parts under 5 MB. */
  S3_PART_KB: z.coerce.number().int().min(64).max(5_242_880).default(8192),
  /** Qiniu Kodo: the browser uploads directly with a token the server signs. */
  QINIU_ACCESS_KEY: z.string().optional(),
  QINIU_SECRET_KEY: z.string().optional(),
  QINIU_BUCKET: z.string().optional(),
  /** The address files of the bucket are served at, e.g. https://cdn.example.com. */
  QINIU_DOMAIN: z.string().default(''),
  QINIU_UPLOAD_URL: z
    .url({ protocol: /^https?$/, error: 'QINIU_UPLOAD_URL must be an http(s) address' })
    .default('https://upload.qiniup.com'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * PostgreSQL reached directly, not through a transaction pooler (PgBouncer): the migrations and
   * the one connection that LISTENs for notifications use it. Default DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_DIRECT_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * PostgreSQL: prepare the hottest statements once per connection under a name. false behind a
   * transaction pooler that does not keep prepared statements (PgBouncer before 1.21).
   */
  DB_NAMED_STATEMENTS: ZBoolean.default(true),
  /** PostgreSQL: how long a request waits for a connection, new or from the pool (ms; 0 = no limit). */
  DB_CONNECT_TIMEOUT: z.coerce.number().int().min(0).default(5000),
  /** PostgreSQL: the longest one statement may run (ms; 0 = no limit). */
  DB_STATEMENT_TIMEOUT: z.coerce.number().int().min(0).default(5000),
  /** PostgreSQL: the same for the statements of an export page or an import (ms; 0 = no limit). */
  DB_TRANSFER_STATEMENT_TIMEOUT: z.coerce.number().int().min(0).default(60000),
  /**
   * PostgreSQL: a streaming replica for reads that may lag a little (lists, exports, statistics);
   * none by default. A user's reads after their own write go to the primary until the replica has it.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_REPLICA_URL must start with postgres:// or postgresql://')
    .optional(),
  /** How far the replica may be behind before reads go to the primary (ms). */
  DB_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * This process's name among those on the database (its log files carry it); default the host name
   * and the port. Letters, digits, `.`, `_`, `-`.
   */
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, 'NODE_ID: letters, digits, ".", "_", "-" (up to 63)')
    .optional(),
  /** Where the other processes reach this one (http://address:port); default this machine's first address. */
  NODE_ADDRESS: z.url({ protocol: /^https?$/, error: 'NODE_ADDRESS must be an http(s) address' }).optional(),
  /** PostgreSQL: connections this process keeps in its pool for requests (besides one that listens). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * After SIGTERM: how long /readyz answers 503 while requests are still served, so that a load
   * balancer's health check takes the process out before it stops accepting (ms; 0 = stop at once).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** PostgreSQL: the longest a list's text search may run before it answers 422 "narrow it" (ms; 0 = no limit). */
  DB_SEARCH_STATEMENT_TIMEOUT: z.coerce.number().int().min(0).default(1000),
  REDIS_URL: z.string().optional(),
  /** Encrypted API payloads (SPEC §7): on whatever the `api_encryption` setting says. */
  API_ENCRYPTION: ZBoolean.default(false),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  SESSION_LIFETIME: z.coerce.number().int().positive().default(120),
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  DEFAULT_THEME: z.enum(THEMES).default('primary'),
  PAGE_GRAY: z.enum(['0', '1']).default('0').transform(Number),
  STATISTICS_URL: z.string().default(''),
  AUTOMATION_REDIRECT: z.string().default(''),
  WECHAT_APPID: z.string().default(''),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_API_URL: z
    .url({ protocol: /^https?$/, error: 'WECHAT_API_URL must be an http(s) address' })
    .default('https://api.weixin.qq.com'),
  /** AMap's web service key for the place search (wins over the `amap_server_key` setting). */
  AMAP_SERVER_KEY: z.string().optional(),
  /** Base address of AMap's web service API (a stand-in in tests). */
  AMAP_API_URL: z
    .url({ protocol: /^https?$/, error: 'AMAP_API_URL must be an http(s) address' })
    .default('https://restapi.amap.com'),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): empty trusts none, `true` every
   * hop, otherwise a comma list of addresses or CIDR ranges (e.g. `127.0.0.1,10.0.0.0/8`).
   */
  TRUST_PROXY: z.string().default(''),
  /** How many days the rolling log files under DATA_DIR/logs are kept. */
  LOG_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives; defaults to the web package's dist. */
  WEB_DIST: z.string().optional(),
  /** SMTP server for e-mail; without it mail goes to the log transport (mail_outbox table and the log). */
  MAIL_HOST: z.string().optional(),
  MAIL_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** true: TLS from the first byte (port 465); false: plain, upgraded with STARTTLS when offered. */
  MAIL_SECURE: ZBoolean.optional(),
  MAIL_USER: z.string().optional(),
  MAIL_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  /** log: sms_outbox table and the log; http: POST {mobile, content} to SMS_HTTP_URL. */
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'SMS_HTTP_URL must be an http(s) address' }).optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Comma-separated names of the OpenID Connect providers offered for third-party login. */
  OIDC_PROVIDERS: z.string().default(''),
  /** Comma-separated folders of plug-ins (one sub-folder each); default DATA_DIR/plugins and the repository's plugins/. */
  PLUGIN_DIRS: z.string().optional(),
  /** Comma-separated npm packages that are plug-ins (a plugin.json at their root). */
  PLUGIN_PACKAGES: z.string().default(''),
})

export type AppConfig = ReturnType<typeof loadConfig>

/**
 * Reads `.env` from the working folder into the environment when there is one (entry points only;
 * a variable already set in the environment wins).
 */
export function readEnvFile(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file)
}

export class ConfigError extends Error {}

const commaList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

/** The repository's plugins/ folder: three levels above this file, in the sources and in the bundle alike. */
const REPO_PLUGINS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../plugins')

/** The host name and the port (the process id when the port is chosen at start): unique on one machine. */
function defaultNodeId(port: number): string {
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .slice(0, 40) || 'node'
  return `${host}-${port || process.pid}`.replace(/^[^A-Za-z0-9]/, 'n')
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === '' || value === 'false') return false
  if (value === 'true') return true
  return commaList(value)
}

/** The values another one makes necessary: a production key, WeChat's secret, the SMS and storage providers' settings. */
function requireCompanions(e: z.infer<typeof ZEnv>): void {
  if (e.APP_ENV === 'production' && !e.APP_KEY) {
    throw new ConfigError('Invalid configuration:\n  APP_KEY: required when APP_ENV=production')
  }
  if (e.WECHAT_APPID && !e.WECHAT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  WECHAT_SECRET: required when WECHAT_APPID is set')
  }
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http')
  }
  if (e.UPLOAD_PROVIDER === 's3' && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when UPLOAD_PROVIDER=s3',
    )
  }
  if (e.S3_PART_KB < 5120 && e.APP_ENV !== 'testing') {
    throw new ConfigError('Invalid configuration:\n  S3_PART_KB: at least 5120 outside testing')
  }
  if (e.UPLOAD_PROVIDER === 'qiniu' && !(e.QINIU_ACCESS_KEY && e.QINIU_SECRET_KEY && e.QINIU_BUCKET)) {
    throw new ConfigError(
      'Invalid configuration:\n  QINIU_ACCESS_KEY, QINIU_SECRET_KEY, QINIU_BUCKET: required when UPLOAD_PROVIDER=qiniu',
    )
  }
}

/** Reads and validates the environment; throws a ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = ZEnv.safeParse(defined)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  requireCompanions(e)
  const oidcProviders = readOidcProviders(e.OIDC_PROVIDERS, defined)
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
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    /** Unfinished resumable uploads (tus), outside the served folder. */
    tusDir: path.join(dataDir, 'tus'),
    uploadProvider: e.UPLOAD_PROVIDER,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            partBytes: e.S3_PART_KB * 1024,
          }
        : undefined,
    qiniu:
      e.QINIU_ACCESS_KEY && e.QINIU_SECRET_KEY && e.QINIU_BUCKET
        ? {
            accessKey: e.QINIU_ACCESS_KEY,
            secretKey: e.QINIU_SECRET_KEY,
            bucket: e.QINIU_BUCKET,
            domain: e.QINIU_DOMAIN.replace(/\/+$/, ''),
            uploadUrl: e.QINIU_UPLOAD_URL,
          }
        : undefined,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT,
      statementMs: e.DB_STATEMENT_TIMEOUT,
      transferStatementMs: e.DB_TRANSFER_STATEMENT_TIMEOUT,
      searchStatementMs: e.DB_SEARCH_STATEMENT_TIMEOUT,
    },
    databasePoolMax: e.DB_POOL_MAX,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseNamedStatements: e.DB_NAMED_STATEMENTS,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    replicaMaxLagMs: e.DB_REPLICA_MAX_LAG_MS,
    node: { id: e.NODE_ID ?? defaultNodeId(e.PORT), address: e.NODE_ADDRESS?.replace(/\/+$/, '') },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    redisUrl: e.REDIS_URL,
    apiEncryption: e.API_ENCRYPTION,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    sessionLifetime: e.SESSION_LIFETIME,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    defaultTheme: e.DEFAULT_THEME,
    pageGray: e.PAGE_GRAY as 0 | 1,
    statisticsUrl: e.STATISTICS_URL,
    automationRedirect: e.AUTOMATION_REDIRECT.split(',').filter(Boolean),
    wechatAppId: e.WECHAT_APPID,
    wechat: {
      appId: e.WECHAT_APPID,
      secret: e.WECHAT_SECRET ?? '',
      apiUrl: e.WECHAT_API_URL.replace(/\/+$/, ''),
    },
    amap: { serverKey: e.AMAP_SERVER_KEY ?? '', apiUrl: e.AMAP_API_URL.replace(/\/+$/, '') },
    logLevel: e.LOG_LEVEL,
    logKeepDays: e.LOG_KEEP_DAYS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    secureCookies: e.APP_ENV === 'production',
    mail: {
      host: e.MAIL_HOST,
      port: e.MAIL_PORT ?? (e.MAIL_SECURE ? 465 : 587),
      secure: e.MAIL_SECURE ?? false,
      user: e.MAIL_USER,
      password: e.MAIL_PASSWORD,
      from: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@localhost>`,
    },
    sms: { provider: e.SMS_PROVIDER, httpUrl: e.SMS_HTTP_URL, httpToken: e.SMS_HTTP_TOKEN },
    oidcProviders,
    plugins: {
      dirs:
        e.PLUGIN_DIRS === undefined
          ? [path.join(dataDir, 'plugins'), REPO_PLUGINS]
          : commaList(e.PLUGIN_DIRS).map((dir) => path.resolve(dir)),
      packages: commaList(e.PLUGIN_PACKAGES),
      from: process.cwd(),
    },
  }
}

/** The `ousers.type` codes of the original product's providers; other providers get codes ≥ 10. */
const KNOWN_OAUTH_TYPES: Record<string, number> = { qq: 1, weixin: 2, weibo: 3 }
const OIDC_NAME = /^[a-z][a-z0-9_]{0,30}$/

export interface OidcProviderConfig {
  /** Lower-case name used in the url: /open/other-login/{name}. */
  name: string
  label: string
  /** The `ousers.type` code of this provider's identities. */
  type: number
  issuer: string
  clientId: string
  clientSecret: string
  scope: string
}

/**
 * A stable code for a provider name: OIDC_<NAME>_TYPE when set, 1-3 for qq/weixin/weibo, otherwise
 * 10 + (FNV-1a hash of the name mod 32000), so a name keeps its code across restarts and machines.
 */
export function oauthTypeOf(name: string, explicit?: string): number {
  if (explicit) return Number(explicit)
  if (name in KNOWN_OAUTH_TYPES) return KNOWN_OAUTH_TYPES[name]
  let hash = 0x811c9dc5
  for (const char of name) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return 10 + (hash % 32_000)
}

/** Reads OIDC_<NAME>_ISSUER / _CLIENT_ID / _CLIENT_SECRET / _SCOPE / _LABEL / _TYPE for each listed name. */
function readOidcProviders(list: string, env: Record<string, string | undefined>): OidcProviderConfig[] {
  const names = commaList(list).map((n) => n.toLowerCase())
  const problems: string[] = []
  const providers: OidcProviderConfig[] = []
  for (const name of names) {
    if (!OIDC_NAME.test(name)) {
      problems.push(`  OIDC_PROVIDERS: "${name}" must be letters, digits or _ and start with a letter`)
      continue
    }
    const prefix = `OIDC_${name.toUpperCase()}_`
    const read = (key: string) => env[`${prefix}${key}`]
    for (const key of ['ISSUER', 'CLIENT_ID']) {
      if (!read(key)) problems.push(`  ${prefix}${key}: required for the provider "${name}"`)
    }
    const issuer = read('ISSUER') ?? ''
    if (issuer && !/^https?:\/\//.test(issuer)) problems.push(`  ${prefix}ISSUER: must be an http(s) address`)
    const typeText = read('TYPE')
    if (
      typeText !== undefined &&
      !(/^\d+$/.test(typeText) && Number(typeText) >= 10 && Number(typeText) <= 32767)
    ) {
      problems.push(`  ${prefix}TYPE: must be a whole number from 10 to 32767`)
    }
    providers.push({
      name,
      label: read('LABEL') ?? name,
      type: oauthTypeOf(name, typeText),
      issuer,
      clientId: read('CLIENT_ID') ?? '',
      clientSecret: read('CLIENT_SECRET') ?? '',
      scope: read('SCOPE') ?? 'openid profile email',
    })
  }
  const seen = new Map<number, string>()
  for (const provider of providers) {
    const other = seen.get(provider.type)
    if (other)
      problems.push(
        `  OIDC_${provider.name.toUpperCase()}_TYPE: code ${provider.type} is taken by "${other}"`,
      )
    seen.set(provider.type, provider.name)
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
  return providers
}
