import { LANGUAGES } from '@brokerdesk/shared'
import sharedEn from '@brokerdesk/shared/i18n/en.json'
import { describe, expect, it } from 'vitest'
import { i18n, NAMESPACE } from './i18n'
import { applyLanguage } from './language'
import { LANGUAGE_FILES } from './languages'
import en from './locales/en/front.json'
import { menuLabel } from './menu-label'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[prefix + key] = value
    else flatten(value, `${prefix}${key}.`, into)
  }
  return into
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const english = flatten(en as Tree)
const sharedEnglish = flatten(sharedEn as Tree)

describe('locale files', () => {
  it.each(LANGUAGES.filter((lang) => lang !== 'en'))(
    '%s has every English key with the same placeholders',
    async (lang) => {
      const messages = flatten((await LANGUAGE_FILES[lang].messages()).default as Tree)
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(messages[key]), `${lang} ${key}`).toEqual(placeholders(text))
      }
    },
  )

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))(
    '%s has every shared English key (field labels, rule messages) with the same placeholders',
    async (lang) => {
      const messages = flatten((await LANGUAGE_FILES[lang].shared()).default as Tree)
      expect(Object.keys(messages).sort()).toEqual(Object.keys(sharedEnglish).sort())
      for (const [key, text] of Object.entries(sharedEnglish)) {
        expect(placeholders(messages[key]), `${lang} ${key}`).toEqual(placeholders(text))
      }
    },
  )

  it("keeps no text twice: the SPA's own files hold no shared key", () => {
    for (const key of Object.keys(english)) expect(key in sharedEnglish, key).toBe(false)
  })

  it('carries the SPEC §8 texts and the validation messages in English', () => {
    expect(english['errors.not_found.title']).toBe('Oops! Page not found')
    expect(english['errors.forbidden.title']).toBe('You have no access to this page!')
    expect(english['errors.maintenance.title']).toBe(
      'Please try again later, the system is under maintenance...',
    )
    expect(english['messages.failed']).toBe('{action} failed!')
    expect(english['messages.success']).toBe('{action} successfully!')
    expect(sharedEnglish['validations.messages.required']).toBe('The {field} field is required')
  })
})

describe('menuLabel', () => {
  it('names a plug-in item by its texts and shows the names the server answered as they are', async () => {
    await applyLanguage('zh-CN', { persist: false })
    i18n.addResourceBundle('zh-CN', NAMESPACE, { menu: { Notices: '通知公告' } }, true, false)
    expect(menuLabel('Notices')).toBe('通知公告')
    expect(menuLabel('保险公司')).toBe('保险公司')
    expect(menuLabel('Insurance company')).toBe('Insurance company')
    await applyLanguage('en', { persist: false })
  })
})
