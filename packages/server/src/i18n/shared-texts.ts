import { LANGUAGES, type Language } from '@brokerdesk/shared'
import de from '@brokerdesk/shared/i18n/de.json'
import en from '@brokerdesk/shared/i18n/en.json'
import es from '@brokerdesk/shared/i18n/es.json'
import fa from '@brokerdesk/shared/i18n/fa.json'
import fr from '@brokerdesk/shared/i18n/fr.json'
import it from '@brokerdesk/shared/i18n/it.json'
import ja from '@brokerdesk/shared/i18n/ja.json'
import ko from '@brokerdesk/shared/i18n/ko.json'
import pt from '@brokerdesk/shared/i18n/pt.json'
import ru from '@brokerdesk/shared/i18n/ru.json'
import zhCN from '@brokerdesk/shared/i18n/zh-CN.json'
import zhTW from '@brokerdesk/shared/i18n/zh-TW.json'
import type { Catalog } from './language-texts'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = '', into: Catalog = {}): Catalog {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[prefix + key] = value
    else flatten(value, `${prefix}${key}.`, into)
  }
  return into
}

const TREES: Record<Language, Tree> = {
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  de,
  es,
  fr,
  it,
  ja,
  ko,
  fa,
  pt,
  ru,
}

/**
 * The texts the server and the SPA share — rule messages (`validations.*`) and field labels
 * (`fields.*`) — flattened to the server's keys. The SPA loads the same files into i18next, so a 422
 * names a field as its form does.
 */
export const sharedCatalogs = Object.fromEntries(
  LANGUAGES.map((language) => [language, flatten(TREES[language])]),
) as Record<Language, Catalog>
