import { THEMES, type Theme } from '@brokerdesk/shared'
import { createStore, useStore } from './create-store'

export const THEME_STORAGE_KEY = 'theme'

export const themeStore = createStore<Theme>('primary')

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

function applyToDocument(theme: Theme): void {
  document.documentElement.dataset.theme = theme
  document.documentElement.style.colorScheme = theme === 'dark' ? 'dark' : 'light'
}

/** The remembered theme, else the configured one, else primary (light). */
export function initTheme(configured: string): Theme {
  let stored: string | null = null
  try {
    stored = window.localStorage.getItem(THEME_STORAGE_KEY)
  } catch {
    stored = null
  }
  const theme = isTheme(stored) ? stored : isTheme(configured) ? configured : 'primary'
  themeStore.set(theme)
  applyToDocument(theme)
  return theme
}

export function setTheme(theme: Theme): void {
  themeStore.set(theme)
  applyToDocument(theme)
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Storage may be disabled; the choice then lasts for this visit.
  }
}

export function useTheme(): Theme {
  return useStore(themeStore)
}
