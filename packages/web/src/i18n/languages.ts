import type { Language } from '@brokerdesk/shared'
import type { Locale as AntdLocale } from 'antd/es/locale'

type Resource = Record<string, unknown>
type Loader<T> = () => Promise<{ default: T }>

/** Each language in its own name, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-TW': '繁體中文',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  fa: 'فارسی',
  pt: 'Português',
  ru: 'Русский',
}

/**
 * The front.json of every language, each its own chunk: a page loads only its language's (every
 * catalogue has every English key, see locales.test.ts, so English is not loaded as a fallback).
 */
export const MESSAGE_LOADERS: Record<Language, Loader<Resource>> = {
  'zh-CN': () => import('./locales/zh-CN/front.json'),
  en: () => import('./locales/en/front.json'),
  'zh-TW': () => import('./locales/zh-TW/front.json'),
  de: () => import('./locales/de/front.json'),
  es: () => import('./locales/es/front.json'),
  fr: () => import('./locales/fr/front.json'),
  it: () => import('./locales/it/front.json'),
  ja: () => import('./locales/ja/front.json'),
  ko: () => import('./locales/ko/front.json'),
  fa: () => import('./locales/fa/front.json'),
  pt: () => import('./locales/pt/front.json'),
  ru: () => import('./locales/ru/front.json'),
}

/** The texts shared with the server (field labels, rule messages) of every language; each its own chunk. */
export const SHARED_MESSAGE_LOADERS: Record<Language, Loader<Resource>> = {
  en: () => import('@brokerdesk/shared/i18n/en.json'),
  'zh-CN': () => import('@brokerdesk/shared/i18n/zh-CN.json'),
  'zh-TW': () => import('@brokerdesk/shared/i18n/zh-TW.json'),
  de: () => import('@brokerdesk/shared/i18n/de.json'),
  es: () => import('@brokerdesk/shared/i18n/es.json'),
  fr: () => import('@brokerdesk/shared/i18n/fr.json'),
  it: () => import('@brokerdesk/shared/i18n/it.json'),
  ja: () => import('@brokerdesk/shared/i18n/ja.json'),
  ko: () => import('@brokerdesk/shared/i18n/ko.json'),
  fa: () => import('@brokerdesk/shared/i18n/fa.json'),
  pt: () => import('@brokerdesk/shared/i18n/pt.json'),
  ru: () => import('@brokerdesk/shared/i18n/ru.json'),
}

/** antd's matching locale, loaded on demand (antd's own default is English). */
export const ANTD_LOCALE_LOADERS: Record<Exclude<Language, 'en'>, Loader<AntdLocale>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  de: () => import('antd/es/locale/de_DE'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  it: () => import('antd/es/locale/it_IT'),
  ja: () => import('antd/es/locale/ja_JP'),
  ko: () => import('antd/es/locale/ko_KR'),
  fa: () => import('antd/es/locale/fa_IR'),
  pt: () => import('antd/es/locale/pt_BR'),
  ru: () => import('antd/es/locale/ru_RU'),
}

/** dayjs locale names; each import registers the locale with dayjs. */
export const DAYJS_LOCALES: Record<Language, { name: string; load?: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  en: { name: 'en' },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  ko: { name: 'ko', load: () => import('dayjs/locale/ko') },
  fa: { name: 'fa', load: () => import('dayjs/locale/fa') },
  pt: { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  ru: { name: 'ru', load: () => import('dayjs/locale/ru') },
}
