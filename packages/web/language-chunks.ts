import path from 'node:path'
import { languageOf } from './boot-preloads'
import type { Graph } from './chunk-reach'

const CATALOGUE = /[\\/]locales[\\/]([\w-]+)[\\/]front\.json$/
/** The parts of antd's locale of a language: its date picker's, calendar's, pager's… */
const ANTD_LOCALE_PART =
  /[\\/](?:antd[\\/]es[\\/][\w-]+|@rc-component[\\/][\w-]+[\\/]es)[\\/]locale[\\/]\w+\.js$/
const DAYJS_LOCALE = /[\\/]dayjs[\\/]/

/**
 * The `name` of a rolldown code-splitting group: `front-<language>` for a language's catalogue, the
 * texts it shares with the server and antd's locale, which language.ts loads together as the language
 * is applied (three files on every page before). dayjs's locale loads once a page needs dates and
 * stays apart, as do the locale modules antd's components import themselves (the pager's default
 * `zh_CN`): a part of antd's locale joins only if antd's locales of that language alone import it.
 */
export function createLanguageChunks(webRoot: string) {
  const languagesModule = path.join(webRoot, 'src', 'i18n', 'languages.ts')
  let languages: string[] | undefined
  const named = new Map<string, string | null>()

  function nameOf(id: string, graph: Graph): string | null {
    const known = named.get(id)
    if (known !== undefined) return known
    named.set(id, null)
    languages ??= (graph.getModuleInfo(languagesModule)?.dynamicallyImportedIds ?? []).flatMap(
      (one) => CATALOGUE.exec(one)?.[1] ?? [],
    )
    const info = graph.getModuleInfo(id)
    const loaded = info?.dynamicImporters.includes(languagesModule) && !DAYJS_LOCALE.test(id)
    let language = loaded ? languageOf(id, languages) : undefined
    if (!language && ANTD_LOCALE_PART.test(id)) {
      const importers = info?.importers ?? []
      const of = new Set(importers.map((importer) => nameOf(importer, graph)))
      language = of.size === 1 && !of.has(null) ? ([...of][0] ?? '').replace(/^front-/, '') : undefined
    }
    const name = language ? `front-${language}` : null
    named.set(id, name)
    return name
  }
  return nameOf
}
