import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { applyLanguage } from '../i18n/language'
import { AGREEMENT_URL, AgreementCheckbox } from './AgreementCheckbox'

describe('AgreementCheckbox', () => {
  it('links the agreement’s words to the agreement page, in a new tab, in Chinese and English', async () => {
    for (const [language, words] of [
      ['zh-CN', '用户协议'],
      ['en', 'user agreement'],
    ] as const) {
      await applyLanguage(language, { persist: false })
      const { unmount } = render(<AgreementCheckbox />)
      const link = screen.getByRole('link', { name: words })
      expect(link.getAttribute('href')).toBe(AGREEMENT_URL)
      expect(link.getAttribute('target')).toBe('_blank')
      expect(screen.getByRole('checkbox')).toBeTruthy()
      unmount()
    }
  })
})
