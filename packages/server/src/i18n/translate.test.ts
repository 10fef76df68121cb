import { describe, expect, it } from 'vitest'
import { catalogs } from './messages'
import { pickLanguage, translate } from './translate'

describe('pickLanguage', () => {
  it('reads exact tags, browser lists and Chinese variants', () => {
    expect(pickLanguage('en')).toBe('en')
    expect(pickLanguage('fr-CA,fr;q=0.9')).toBe('fr')
    expect(pickLanguage('zh-HK')).toBe('zh-TW')
    expect(pickLanguage('zh')).toBe('zh-CN')
    expect(pickLanguage('xx', 'en')).toBe('en')
    expect(pickLanguage(undefined)).toBe('zh-CN')
  })
})

describe('translate', () => {
  it('fills parameters and falls back to English, then to the key', () => {
    expect(translate('de', 'validations.messages.required', { field: 'Name' })).toBe(
      'Das Feld Name ist erforderlich',
    )
    expect(translate('de', 'errors.conflict')).toBe(
      'Der Datensatz wurde von jemand anderem geändert, bitte laden Sie ihn neu.',
    )
    catalogs.en['testing.english_only'] = 'Only in English'
    try {
      expect(translate('de', 'testing.english_only')).toBe('Only in English')
    } finally {
      delete catalogs.en['testing.english_only']
    }
    expect(translate('en', 'no.such.key')).toBe('no.such.key')
  })

  it('has every general message in every language', () => {
    const general = Object.keys(catalogs.en).filter((key) => key.startsWith('errors.'))
    for (const [language, catalog] of Object.entries(catalogs))
      for (const key of general) expect(catalog[key], `${language} ${key}`).toBeTruthy()
  })

  it('mentions the token in every language, which the SPA relies on for 419', () => {
    for (const catalog of Object.values(catalogs)) {
      expect(catalog['errors.token_mismatch'].toLowerCase()).toContain('token')
    }
  })
})
