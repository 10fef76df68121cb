import type { Language } from '@brokerdesk/shared'
import type { Locale as AntdLocale } from 'antd/es/locale'

type Resource = Record<string, unknown>
type Loader<T> = () => Promise<{ default: T }>

/** What the SPA has of a language: its name and its files, each its own chunk, loaded when it is applied. */
interface LanguageFiles {
  /** The language in its own name, as the language switch shows it. */
  name: string
  /**
   * Its front.json (every catalogue has every English key, see locales.test.ts, so English is not
   * loaded as a fallback).
   */
  messages: Loader<Resource>
  /** The texts it shares with the server (field labels, rule messages). */
  shared: Loader<Resource>
  /** antd's matching locale; null: antd's own default, English. */
  antd: Loader<AntdLocale> | null
  /** dayjs's locale name, and the import that registers it (null: dayjs's built-in English). */
  dayjs: { name: string; load: (() => Promise<unknown>) | null }
}

/** Every language of LANGUAGES with its name and files: the SPA's one place for a language. */
export const LANGUAGE_FILES: Record<Language, LanguageFiles> = {
  'zh-CN': {
    name: '简体中文',
    messages: () => import('./locales/zh-CN/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/zh-CN.json'),
    antd: () => import('antd/es/locale/zh_CN'),
    dayjs: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  },
  en: {
    name: 'English',
    messages: () => import('./locales/en/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/en.json'),
    antd: null,
    dayjs: { name: 'en', load: null },
  },
  'zh-TW': {
    name: '繁體中文',
    messages: () => import('./locales/zh-TW/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/zh-TW.json'),
    antd: () => import('antd/es/locale/zh_TW'),
    dayjs: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  },
  de: {
    name: 'Deutsch',
    messages: () => import('./locales/de/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/de.json'),
    antd: () => import('antd/es/locale/de_DE'),
    dayjs: { name: 'de', load: () => import('dayjs/locale/de') },
  },
  es: {
    name: 'Español',
    messages: () => import('./locales/es/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/es.json'),
    antd: () => import('antd/es/locale/es_ES'),
    dayjs: { name: 'es', load: () => import('dayjs/locale/es') },
  },
  fr: {
    name: 'Français',
    messages: () => import('./locales/fr/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/fr.json'),
    antd: () => import('antd/es/locale/fr_FR'),
    dayjs: { name: 'fr', load: () => import('dayjs/locale/fr') },
  },
  it: {
    name: 'Italiano',
    messages: () => import('./locales/it/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/it.json'),
    antd: () => import('antd/es/locale/it_IT'),
    dayjs: { name: 'it', load: () => import('dayjs/locale/it') },
  },
  ja: {
    name: '日本語',
    messages: () => import('./locales/ja/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/ja.json'),
    antd: () => import('antd/es/locale/ja_JP'),
    dayjs: { name: 'ja', load: () => import('dayjs/locale/ja') },
  },
  ko: {
    name: '한국어',
    messages: () => import('./locales/ko/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/ko.json'),
    antd: () => import('antd/es/locale/ko_KR'),
    dayjs: { name: 'ko', load: () => import('dayjs/locale/ko') },
  },
  fa: {
    name: 'فارسی',
    messages: () => import('./locales/fa/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/fa.json'),
    antd: () => import('antd/es/locale/fa_IR'),
    dayjs: { name: 'fa', load: () => import('dayjs/locale/fa') },
  },
  pt: {
    name: 'Português',
    messages: () => import('./locales/pt/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/pt.json'),
    antd: () => import('antd/es/locale/pt_BR'),
    dayjs: { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  },
  ru: {
    name: 'Русский',
    messages: () => import('./locales/ru/front.json'),
    shared: () => import('@brokerdesk/shared/i18n/ru.json'),
    antd: () => import('antd/es/locale/ru_RU'),
    dayjs: { name: 'ru', load: () => import('dayjs/locale/ru') },
  },
}
