import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@brokerdesk/shared'
import { catalogs } from './messages'

/** Picks a supported language from a header or cookie value such as `en`, `zh-CN` or `en-US,en;q=0.9`. */
export function pickLanguage(value: string | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (!value) return fallback
  for (const part of value.split(',')) {
    const tag = part.split(';')[0].trim()
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const base = tag.split('-')[0].toLowerCase()
    if (base === 'zh') return /tw|hk|hant/i.test(tag) ? 'zh-TW' : 'zh-CN'
    const byBase = LANGUAGES.find((l) => l === base)
    if (byBase) return byBase
  }
  return fallback
}

/** Resolves a message key in a language, falling back to English, then to the key itself; fills {params}. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = catalogs[language][key] ?? catalogs[FALLBACK_LANGUAGE][key] ?? key
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
