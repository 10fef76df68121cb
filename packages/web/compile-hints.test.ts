import path from 'node:path'
import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { COMPILE_HINT, compileHints } from './compile-hints'

const root = '/web'

/** A built chunk: its file, the source modules it holds, the chunks it imports statically. */
function chunk(fileName: string, modules: string[], imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/\.js$/, ''),
    isEntry,
    code: `export const ${fileName.replace(/\W/g, '_')} = 1\n`,
    imports,
    moduleIds: modules.map((module) => path.join(root, module)),
    viteMetadata: { importedCss: new Set<string>() },
  } as unknown as Rollup.OutputChunk
}

function build(chunks: Rollup.OutputChunk[]): Record<string, string> {
  const bundle = Object.fromEntries(chunks.map((one) => [one.fileName, one]))
  const hook = compileHints(root).generateBundle as { handler: (options: unknown, bundle: unknown) => void }
  hook.handler({}, bundle)
  return Object.fromEntries(chunks.map((one) => [one.fileName, one.code]))
}

describe('compileHints', () => {
  const chunks = () => [
    chunk('assets/index.js', ['src/main.tsx'], ['assets/vendor-react.js'], true),
    chunk('assets/vendor-react.js', ['node_modules/react-dom/index.js']),
    chunk('assets/admin.js', ['src/layouts/AdminLayout.tsx'], ['assets/icons.js']),
    chunk('assets/icons.js', ['src/layouts/menu-icons.tsx']),
    chunk('assets/admin-pages.js', [
      'src/app/MenuRoutes.tsx',
      'src/components/resource/ResourceListPage.tsx',
    ]),
    chunk('assets/front-en.js', ['src/i18n/locales/en/front.json']),
    chunk('assets/OpenIndexPage.js', ['src/pages/open/index/OpenIndexPage.tsx'], ['assets/open-ui.js']),
    chunk('assets/open-ui.js', ['node_modules/antd/es/carousel/index.js']),
    chunk('assets/RichTextEditor.js', ['src/components/editors/RichTextEditor.tsx']),
  ]

  it('marks what a page runs as it starts: the entry, the areas, the languages and the first pages of the site, with what they import', () => {
    const code = build(chunks())
    for (const file of [
      'assets/index.js',
      'assets/vendor-react.js',
      'assets/admin.js',
      'assets/icons.js',
      'assets/admin-pages.js',
      'assets/front-en.js',
      'assets/OpenIndexPage.js',
      'assets/open-ui.js',
    ])
      expect(code[file].startsWith(COMPILE_HINT), file).toBe(true)
  })

  it('leaves a chunk loaded later as it is', () => {
    expect(build(chunks())['assets/RichTextEditor.js']).toBe('export const assets_RichTextEditor_js = 1\n')
  })

  it('marks a chunk once, the hint first in the file', () => {
    const once = chunks()
    build(once)
    const code = build(once)['assets/index.js']
    expect(code.indexOf(COMPILE_HINT)).toBe(0)
    expect(code.lastIndexOf(COMPILE_HINT)).toBe(0)
  })
})
