import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { dayjs } from '../i18n/dayjs'
import { i18n } from '../i18n/i18n'
import { applyLanguage, localeStore, pickInitialLanguage } from '../i18n/language'
import { clearCookies, putCookie } from '../test/cookies'
import { LanguageSwitch } from './LanguageSwitch'

// The dropdown's module is compiled once before the tests: on a loaded machine its first compile
// took more than waitFor's second. The switch still imports it on first need (a promise it awaits).
beforeAll(async () => {
  await import('./LanguageMenu')
})

beforeEach(async () => {
  localStorage.clear()
  clearCookies()
  await applyLanguage('zh-CN', { persist: false })
})

// The tests start in Simplified Chinese, so the switch is labelled 语言 ("Language").
// As a person does: the pointer comes to the button (its dropdown loads, unless a test before loaded
// it), then clicks it.
async function openMenu() {
  await userEvent.hover(screen.getByRole('button', { name: '语言' }))
  await userEvent.click(screen.getByRole('button', { name: '语言' }))
}

async function choose(name: string) {
  await openMenu()
  await userEvent.click(await screen.findByText(name))
}

describe('LanguageSwitch', () => {
  // First: the dropdown's chunk is loaded once per page, by the first switch that needs it.
  it('leaves the button in place until it is clicked, then opens the dropdown with the focus on its button', async () => {
    render(<LanguageSwitch />)
    const first = screen.getByRole('button', { name: '语言' })
    await userEvent.tab()
    await userEvent.hover(first)
    // The focus and the pointer asked for the dropdown's chunk (unless a test before loaded it); until
    // the click the button stays where it is either way.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByRole('button', { name: '语言' })).toBe(first)
    expect(screen.queryByText('English')).toBeNull()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('English')).toBeTruthy()
    const button = screen.getByRole('button', { name: '语言' })
    expect(document.activeElement).toBe(button)
    // The header's look stays: the dropdown adds its class names to the button's own.
    expect(button.className).toMatch(/bd-header-button.*ant-dropdown-trigger/)
  })

  it('opens on one click where another switch has loaded the dropdown already', async () => {
    render(<LanguageSwitch />)
    await userEvent.click(screen.getByRole('button', { name: '语言' }))
    expect(await screen.findByText('English')).toBeTruthy()
  })

  it('offers every language in its own name', async () => {
    render(<LanguageSwitch />)
    expect(screen.getByRole('button', { name: '语言' }).textContent).toContain('简体中文')
    await openMenu()
    for (const name of [
      'English',
      '繁體中文',
      'Deutsch',
      'Español',
      'Français',
      'Italiano',
      '日本語',
      '한국어',
    ]) {
      expect(await screen.findByText(name)).toBeTruthy()
    }
    expect(screen.getByText('فارسی')).toBeTruthy()
    expect(screen.getByText('Português')).toBeTruthy()
    expect(screen.getByText('Русский')).toBeTruthy()
  })

  it('remembers the choice in local storage and the Language cookie and sets html lang', async () => {
    render(<LanguageSwitch />)
    await choose('English')

    await waitFor(() => expect(localStorage.getItem('language')).toBe('en'))
    expect(document.cookie).toContain('Language=en')
    expect(document.documentElement.lang).toBe('en')
    expect(document.documentElement.dir).toBe('ltr')
    expect(document.body.classList.contains('lang-en')).toBe(true)
    expect(document.body.classList.contains('lang-zh-CN')).toBe(false)
  })

  it('loads a language on demand with its antd and dayjs locales, right to left for Persian', async () => {
    render(<LanguageSwitch />)
    await choose('فارسی')

    await waitFor(() => expect(document.documentElement.lang).toBe('fa'))
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.body.classList.contains('lang-fa')).toBe(true)
    expect(i18n.t('http.prompt')).toBe('پیام')
    expect(localeStore.get().antd?.locale).toBe('fa')
    expect(dayjs.locale()).toBe('fa')
    expect(screen.getByRole('button', { name: 'زبان' })).toBeTruthy()
  })

  it('falls back to English for a key a language lacks', async () => {
    await applyLanguage('de', { persist: false })
    i18n.addResource('en', 'front', 'test_only_key', 'Only in English')
    expect(i18n.t('test_only_key')).toBe('Only in English')
    expect(i18n.t('http.prompt')).toBe('Hinweis')
  })
})

describe('pickInitialLanguage', () => {
  const config = { language: 'ja' as const, default_language: 'zh-CN' as const }

  it('prefers local storage, then the Language cookie, then the configuration', () => {
    expect(pickInitialLanguage(config)).toBe('ja')
    putCookie('Language', 'ko')
    expect(pickInitialLanguage(config)).toBe('ko')
    localStorage.setItem('language', 'ru')
    expect(pickInitialLanguage(config)).toBe('ru')
  })

  it('ignores values that are not offered languages', () => {
    localStorage.setItem('language', 'xx')
    putCookie('Language', 'klingon')
    expect(pickInitialLanguage(config)).toBe('ja')
  })
})
