import path from 'node:path'
import type { Plugin, Rollup } from 'vite'
import { BACK_OFFICE_CHUNKS, FIRST_PAGES } from './chunk-plan'

/**
 * The back office's chunks index.html's boot script asks for ahead, by a source module each holds:
 * the admin layout on every back-office page; the menu's routes and the generic list page on every
 * back-office page but its home (most are lists: router.tsx's preloadPage guesses the same).
 */
const AREAS = {
  admin: ['src/layouts/AdminLayout.tsx'],
  list: ['src/app/MenuRoutes.tsx', 'src/components/resource/ResourceListPage.tsx'],
} as const

/** Where the boot script reads the files (replaced at build time; in dev the app loads them itself). */
const PLACEHOLDER = '"__BOOT_PRELOADS__"'

const CATALOGUE = /[\\/]locales[\\/]([\w-]+)[\\/]front\.json$/
/**
 * The modules of a language (src/i18n/languages.ts): its catalogue, the texts it shares with the
 * server, antd's and dayjs's locales. antd and dayjs name a locale after the language and a region
 * (`zh_CN`, `pt-br`).
 */
const LANGUAGE_MODULE =
  /[\\/](?:locales[\\/]([\w-]+)[\\/]front\.json|shared[\\/]src[\\/]i18n[\\/]([\w-]+)\.json|antd[\\/]es[\\/]locale[\\/](\w+)\.js|dayjs(?:[\\/]esm)?[\\/]locale[\\/]([\w-]+)\.js)$/

/** The language a module belongs to: a locale named the language, or the language and a region. */
export function languageOf(module: string | null, languages: readonly string[]): string | undefined {
  const match = module ? LANGUAGE_MODULE.exec(module) : null
  const name = match?.slice(1).find(Boolean)?.toLowerCase().replace('_', '-')
  if (!name) return undefined
  return languages
    .filter((language) => name === language.toLowerCase() || name.startsWith(`${language.toLowerCase()}-`))
    .sort((a, b) => b.length - a.length)[0]
}

export type Chunks = Map<string, Rollup.OutputChunk>

/** A bundle's chunks by file name (its assets left out). */
export function chunksOf(bundle: Rollup.OutputBundle): Chunks {
  const chunks: Chunks = new Map()
  for (const [name, one] of Object.entries(bundle)) if (one.type === 'chunk') chunks.set(name, one)
  return chunks
}

/** The chunk that holds a source module (a path under `root`), if one does. */
export function chunkHolding(root: string, chunks: Chunks, module: string): Rollup.OutputChunk | undefined {
  const id = path.join(root, module)
  return [...chunks.values()].find((one) => one.moduleIds.includes(id))
}

/** A chunk's JS and CSS with those of the chunks it imports statically, as the page will ask for them. */
export function closure(chunks: Chunks, start: Rollup.OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into
  into.add(start.fileName)
  for (const css of start.viteMetadata?.importedCss ?? []) into.add(css)
  for (const name of start.imports) {
    const chunk = chunks.get(name)
    if (chunk) closure(chunks, chunk, into)
  }
  return into
}

const urls = (files: Iterable<string>, loaded: Set<string>) =>
  [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`)

/** Each area's files (AREAS), less those the entry or an area before it loads. */
export function areaFiles(root: string, chunks: Chunks, entryFiles: Set<string>): Record<string, string[]> {
  const loaded = new Set(entryFiles)
  const files: Record<string, string[]> = {}
  for (const [area, modules] of Object.entries(AREAS)) {
    const own = new Set<string>()
    for (const module of modules) {
      const chunk = chunkHolding(root, chunks, module)
      if (!chunk) throw new Error(`boot-preloads: no chunk holds ${module}`)
      closure(chunks, chunk, own)
    }
    files[area] = urls(own, loaded)
    for (const file of own) loaded.add(file)
  }
  return files
}

/**
 * Fails the build if the site's home or the login page would load a chunk of the back office's plan
 * (chunk-plan.ts keeps out of those what they can load; this checks the bundle that came out).
 */
function checkFirstPages(root: string, chunks: Chunks, entryFiles: Set<string>): void {
  for (const module of FIRST_PAGES) {
    const chunk = chunkHolding(root, chunks, module)
    if (!chunk) throw new Error(`boot-preloads: no chunk holds ${module}`)
    const loaded = [...closure(chunks, chunk, new Set()), ...entryFiles]
    const planned = loaded.filter((file) => BACK_OFFICE_CHUNKS.includes(chunks.get(file)?.name ?? ''))
    if (planned.length > 0) throw new Error(`boot-preloads: ${module} would load ${planned.join(', ')}`)
  }
}

/** Each language's files, less those of the entry: the languages are those with a catalogue. */
export function languageFiles(chunks: Chunks, entryFiles: Set<string>): Record<string, string[]> {
  const names = [...chunks.values()].flatMap((chunk) =>
    chunk.moduleIds.flatMap((id) => CATALOGUE.exec(id)?.[1] ?? []),
  )
  const files = new Map(names.map((name) => [name, new Set<string>()]))
  for (const chunk of chunks.values()) {
    const language = chunk.moduleIds.map((id) => languageOf(id, names)).find(Boolean)
    if (language) closure(chunks, chunk, files.get(language))
  }
  for (const chunk of chunks.values())
    for (const name of chunk.moduleIds.flatMap((id) => CATALOGUE.exec(id)?.[1] ?? []))
      if (entryFiles.has(chunk.fileName))
        throw new Error(`boot-preloads: the texts of ${name} are in the entry`)
  return Object.fromEntries([...files].map(([name, own]) => [name, urls(own, entryFiles)]))
}

/**
 * Writes into index.html's boot script the files of the back office's chunks (AREAS) and of each
 * language, less those the entry loads anyway. On a logged-in back-office page the script asks for
 * them as the page starts, beside the entry's own files: before, the layout, the menu's routes, the
 * list page and the language were a second wave of requests, sent once the entry had downloaded and
 * run, and dayjs's locale a third, once the list page's chunks had run. The build fails if a module
 * of AREAS is in no chunk, a language's texts are in the entry's chunks, or a first page would
 * load a chunk of the back office (checkFirstPages).
 */
export function bootPreloads(root: string): Plugin {
  return {
    name: 'boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html
        if (!html.includes(PLACEHOLDER)) throw new Error('boot-preloads: index.html has no placeholder')
        const chunks = chunksOf(bundle)
        const entryFiles = closure(chunks, entry)
        checkFirstPages(root, chunks, entryFiles)
        const files = { ...areaFiles(root, chunks, entryFiles), languages: languageFiles(chunks, entryFiles) }
        return html.replace(PLACEHOLDER, JSON.stringify(files))
      },
    },
  }
}
