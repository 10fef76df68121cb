import type { Plugin } from 'vite'
import { areaFiles, chunkHolding, chunksOf, closure, languageFiles } from './boot-preloads'
import { FIRST_PAGES } from './chunk-plan'

/** V8's explicit compile hint (Chromium 136 on): every function of the file is compiled eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Marks the chunks a page runs as it starts — the entry's, the admin layout's, the menu's routes and
 * list page's, and each language's (the files index.html's boot script asks ahead, boot-preloads.ts),
 * and the site's home's and login page's — with V8's compile hint, so that V8 compiles their functions as the file is
 * streamed in, on a background thread, rather than each on the main thread at its first call. A cold
 * `/admin/products` spent ~0.5 s of its main thread in such lazy compiles (V8.CompileCode,
 * V8.ParseFunction in a trace) where the bare antd Table page spent ~0.15 s. Chunks loaded later (an
 * editor, the charts, a panel) keep V8's lazy compiling: most of their functions never run.
 * Browsers without the hint read a comment.
 */
export function compileHints(root: string): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = chunksOf(bundle)
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry)
        if (!entry) return
        const entryFiles = closure(chunks, entry)
        const started = new Set(entryFiles)
        const asked = [areaFiles(root, chunks, entryFiles), languageFiles(chunks, entryFiles)]
        for (const url of asked.flatMap((files) => Object.values(files).flat())) started.add(url.slice(1))
        for (const module of FIRST_PAGES) {
          const page = chunkHolding(root, chunks, module)
          if (page) closure(chunks, page, started)
        }
        for (const file of started) {
          const chunk = chunks.get(file)
          if (chunk && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code
        }
      },
    },
  }
}
