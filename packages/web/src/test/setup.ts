import { DEFAULT_LANGUAGE } from '@brokerdesk/shared'
import sharedEn from '@brokerdesk/shared/i18n/en.json'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { i18n, NAMESPACE } from '../i18n/i18n'
import en from '../i18n/locales/en/front.json'

// The SPA loads each language's texts when it applies it; components tested alone speak English.
i18n.addResourceBundle('en', NAMESPACE, { ...sharedEn, ...en })

// A `findBy…` waits for what a user waits for (a lazy page's chunk, a query's answer): 1 s, the
// default, failed the router's 403 page in a full run at load 12 on two cores, never alone.
configure({ asyncUtilTimeout: 5000 })

// antd reads these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
}

// The test files of a worker share one module graph (vitest.config.ts): each starts with the app's
// first language and the English texts alone, whatever the file before it loaded or switched to.
beforeAll(async () => {
  for (const language of Object.keys(i18n.store.data))
    if (language !== 'en') i18n.removeResourceBundle(language, NAMESPACE)
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE)
})

afterEach(() => {
  cleanup()
})
