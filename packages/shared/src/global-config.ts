import { z } from 'zod'

/**
 * The languages the interface offers (SPEC §1), in the order of the language switch: the one list of
 * them. Codes are BCP 47 tags as used in `html lang`. Every per-language map (the server's catalogues,
 * the SPA's files) is a `Record<Language, …>`, and the server writes a message as one text per
 * language in this order (its `i18n/language-texts.ts`), so a language added here fails the type check
 * wherever its texts are missing; add a new one at the end, since reordering would shift those texts.
 */
export const LANGUAGES = [
  'zh-CN',
  'en',
  'zh-TW',
  'de',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'fa',
  'pt',
  'ru',
] as const
export type Language = (typeof LANGUAGES)[number]
export const ZLanguage = z.enum(LANGUAGES)
export const DEFAULT_LANGUAGE: Language = 'zh-CN'
export const FALLBACK_LANGUAGE: Language = 'en'
export const RTL_LANGUAGES: readonly Language[] = ['fa']

export const THEMES = ['primary', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/** Verification (captcha) settings handed to the SPA. */
export const ZVerifyConfig = z.object({
  type: z.string(),
  dataUrl: z.string(),
  data: z.object({
    client_fail_alert: z.string(),
    lang: z.string(),
    product: z.string(),
    http: z.string(),
  }),
})

/**
 * The global configuration of SPEC §3. Served at `GET /open/config` and injected into index.html
 * as `window.__BROKERDESK_CONFIG__` so the SPA starts without a round trip.
 */
export const ZGlobalConfig = z.object({
  name: z.string(),
  api_url: z.string(),
  web_url: z.string(),
  app_url: z.string(),
  use_url: z.string(),
  /** Session lifetime in minutes. */
  lifetime: z.number().int().positive(),
  theme: z.enum(THEMES),
  language: ZLanguage,
  default_language: ZLanguage,
  locales: z.array(ZLanguage),
  def_avatar: z.string(),
  page_gray: z.union([z.literal(0), z.literal(1)]),
  wechat_appid: z.string(),
  app_key: z.string(),
  /** The server's RSA public key (PEM) for encrypted API payloads; empty while encryption is off. */
  api_public_key: z.string(),
  debug: z.boolean(),
  env: z.enum(['local', 'testing', 'staging', 'production']),
  client_id: z.string(),
  statistics_url: z.string(),
  automation_redirect: z.array(z.string()),
  verify: ZVerifyConfig,
  /** The site is in maintenance (a live setting): visitors and users see the maintenance page. */
  maintenance: z.boolean(),
})
export type GlobalConfig = z.infer<typeof ZGlobalConfig>

export const CONFIG_GLOBAL_NAME = '__BROKERDESK_CONFIG__'

/**
 * Set beside the configuration in index.html: whether the request for the page carried a session
 * cookie. The cookie is HttpOnly, so this is the SPA's clue at start-up that a logged-in area's layout
 * and data are worth asking for before the user answer: a hint, never a permission (the session may
 * have ended; the user answer decides).
 */
export const SESSION_HINT_GLOBAL_NAME = '__BROKERDESK_SESSION__'
