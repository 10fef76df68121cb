import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES } from '@brokerdesk/shared'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'

export const NAMESPACE = 'front'

/**
 * The i18next instance of the SPA: its own texts (front.json) and those it shares with the server
 * (field labels and rule messages, `@brokerdesk/shared/i18n`). No language is bundled: each one's
 * texts are added when it is applied (`applyLanguage`).
 */
export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: {},
  partialBundledLanguages: true,
  initAsync: false,
  returnNull: false,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  // Texts added later (another language, the plug-ins' texts) re-render what shows them.
  react: { useSuspense: false, bindI18nStore: 'added' },
})
