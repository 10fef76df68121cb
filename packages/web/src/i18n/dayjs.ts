import type { Language } from '@brokerdesk/shared'
import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import { addLanguagePart } from './language'
import { LANGUAGE_FILES } from './languages'

/**
 * dayjs in the user's language. Every module that shows dates or renders antd's date pickers (which
 * read dayjs's global locale) imports dayjs from here, never from 'dayjs': the first pages then load
 * no dayjs at all. A page importing it renders once the current language's locale is in (lazyPage
 * waits for languagePartsReady), and each later switch loads its locale before it takes effect.
 */
dayjs.extend(localizedFormat)

/** A language's dayjs locale, loaded; one that cannot be loaded shows dates in English. */
async function dayjsLocale(language: Language): Promise<() => void> {
  const { name, load } = LANGUAGE_FILES[language].dayjs
  const loaded = await (load?.() ?? Promise.resolve()).then(
    () => true,
    () => false,
  )
  return () => void dayjs.locale(loaded ? name : 'en')
}

addLanguagePart(dayjsLocale)

export type { Dayjs } from 'dayjs'
export { dayjs }
