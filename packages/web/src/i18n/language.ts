import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  type GlobalConfig,
  LANGUAGES,
  type Language,
  LONG_COOKIE_DAYS,
  RTL_LANGUAGES,
} from '@brokerdesk/shared'
import type { Locale as AntdLocale } from 'antd/es/locale'
import { getCookie, setCookie } from '../api/cookies'
import { createStore, useStore } from '../state/create-store'
import { i18n, NAMESPACE } from './i18n'
import { LANGUAGE_FILES } from './languages'

export const LANGUAGE_STORAGE_KEY = 'language'
export const LANGUAGE_COOKIE = 'Language'

export interface LocaleState {
  language: Language
  /** antd's locale for the language; undefined means antd's built-in English. */
  antd?: AntdLocale
}

export const localeStore = createStore<LocaleState>({ language: DEFAULT_LANGUAGE })

export function useLocaleState(): LocaleState {
  return useStore(localeStore)
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Local storage, else the Language cookie, else the configured language (SPEC §4). */
export function pickInitialLanguage(config: Pick<GlobalConfig, 'language' | 'default_language'>): Language {
  const candidates = [
    readStorage(LANGUAGE_STORAGE_KEY),
    getCookie(LANGUAGE_COOKIE),
    config.language,
    config.default_language,
  ]
  return candidates.find(isLanguage) ?? DEFAULT_LANGUAGE
}

/** The languages the switch offers: the configured locales, or all of them. */
export function offeredLanguages(config: Pick<GlobalConfig, 'locales'>): Language[] {
  const configured = (config.locales ?? []).filter(isLanguage)
  return configured.length > 0 ? configured : [...LANGUAGES]
}

async function loadMessages(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, NAMESPACE)) return
  const files = LANGUAGE_FILES[language]
  const [messages, shared] = await Promise.all([files.messages(), files.shared()])
  i18n.addResourceBundle(language, NAMESPACE, { ...shared.default, ...messages.default }, true, true)
}

async function loadAntdLocale(language: Language): Promise<AntdLocale | undefined> {
  const load = LANGUAGE_FILES[language].antd
  return load ? (await load()).default : undefined
}

/**
 * Something else that follows the language, once it is in use (dayjs's locale): loaded with the
 * language's texts, applied as the language becomes current.
 */
type LanguagePart = (language: Language) => Promise<() => void>

const parts: LanguagePart[] = []
let partsLoading: Promise<unknown> = Promise.resolve()

/** Adds a part and loads it for the current language. */
export function addLanguagePart(part: LanguagePart): void {
  parts.push(part)
  const language = localeStore.get().language
  const loading = part(language).then(
    (apply) => {
      if (localeStore.get().language === language) apply()
    },
    () => undefined,
  )
  partsLoading = Promise.all([partsLoading, loading])
}

/** Settles once every part added so far follows the current language (pages wait for it to render). */
export function languagePartsReady(): Promise<unknown> {
  return partsLoading
}

function applyToDocument(language: Language): void {
  const html = document.documentElement
  html.lang = language
  html.dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'
  const body = document.body
  for (const name of [...body.classList]) if (name.startsWith('lang-')) body.classList.remove(name)
  body.classList.add(`lang-${language}`)
}

let latest = 0
/** The language being loaded (at start, or after a switch), until it is current. */
let loading: Language | undefined

/**
 * The language the server is asked to answer in: the one being loaded, else the current one. The
 * session and the menu are asked at start while the language still loads: in the one it will show.
 */
export function requestLanguage(): string {
  return loading ?? i18n.language
}

/**
 * Loads a language (messages, antd's locale, the parts added) and makes it current. A language whose texts
 * fail to load is shown in English (the fallback language of i18next).
 */
export async function applyLanguage(language: Language, options: { persist: boolean }): Promise<void> {
  const ticket = ++latest
  loading = language
  const [, antd, applyParts] = await Promise.all([
    loadMessages(language).catch(() => loadMessages(FALLBACK_LANGUAGE).catch(() => undefined)),
    loadAntdLocale(language).catch(() => undefined),
    Promise.all(parts.map((part) => part(language).catch(() => () => undefined))),
  ])
  if (ticket !== latest) return
  await i18n.changeLanguage(language)
  if (ticket === latest) loading = undefined
  for (const apply of applyParts) apply()
  applyToDocument(language)
  localeStore.set({ language, antd })
  if (options.persist) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
    } catch {
      // Storage may be disabled; the cookie still remembers the choice.
    }
    setCookie(LANGUAGE_COOKIE, language, LONG_COOKIE_DAYS)
  }
}

/** The language switch: remembers the choice in local storage and the Language cookie. */
export function changeLanguage(language: Language): Promise<void> {
  return applyLanguage(language, { persist: true })
}

/** Loads the starting language before the first render. */
export function initLanguage(config: GlobalConfig): Promise<void> {
  return applyLanguage(pickInitialLanguage(config), { persist: false })
}
