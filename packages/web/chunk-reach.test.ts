import { describe, expect, it } from 'vitest'
import { createReach, type Graph } from './chunk-reach'

/** A graph of modules under /m/, each given as its code and the modules it imports. */
function graphOf(modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>): Graph {
  return {
    getModuleInfo: (id) => {
      const one = modules[id.replace('/m/', '')]
      if (!one) return null
      return {
        code: one.code,
        importedIds: (one.imports ?? []).map((name) => `/m/${name}`),
        dynamicallyImportedIds: [],
        dynamicImporters: [],
        importers: [],
        exports: one.exports,
      }
    },
  }
}

const reachOf = (graph: Graph, id: string, pure = () => false) =>
  [...createReach(graph, {}, pure)(`/m/${id}`)].map((one) => one.replace('/m/', '')).sort()

describe('createReach', () => {
  it('follows an index only for the names taken from it', () => {
    const graph = graphOf({
      'page.js': { code: "import { a } from './index'\nuse(a)", imports: ['index.js'] },
      'index.js': {
        code: "export { default as a } from './a'\nexport { default as b } from './b'",
        imports: ['a.js', 'b.js'],
      },
      'a.js': { code: 'export default 1', exports: ['default'] },
      'b.js': { code: 'export default 2', exports: ['default'] },
    })
    expect(reachOf(graph, 'page.js')).toEqual(['a.js', 'index.js'])
  })

  it('passes names through `export *` only to the modules that export them', () => {
    const graph = graphOf({
      'page.js': { code: "import { b } from './index'\nuse(b)", imports: ['index.js'] },
      'index.js': {
        code: "export * from './a'\nexport * from './b'",
        imports: ['a.js', 'b.js'],
        exports: ['*'],
      },
      'a.js': { code: 'export const a = 1', exports: ['a'] },
      'b.js': { code: 'export const b = 2', exports: ['b'] },
    })
    expect(reachOf(graph, 'page.js')).toEqual(['b.js', 'index.js'])
  })

  it("leaves out a pure module's own code when only its re-exports are asked", () => {
    const graph = graphOf({
      'page.js': { code: "import { c } from './a'\nuse(c)", imports: ['a.js'] },
      'a.js': {
        code: "import { z } from './z'\nexport * from './c'\nexport const a = z",
        imports: ['z.js', 'c.js'],
        exports: ['a', '*'],
      },
      'c.js': { code: 'export const c = 3', exports: ['c'] },
      'z.js': { code: 'export const z = 0', exports: ['z'] },
    })
    expect(reachOf(graph, 'page.js', () => true)).toEqual(['c.js'])
    expect(reachOf(graph, 'page.js')).toEqual(['a.js', 'c.js'])
  })

  it("follows an index's `export default` of an import only when its default is taken (absolute paths too)", () => {
    const graph = graphOf({
      'page.js': {
        code: "import { h } from '/m/helper.js'\nimport { b } from './index'\nuse(b, h)",
        imports: ['helper.js', 'index.js'],
      },
      'helper.js': { code: 'export const h = 0', exports: ['h'] },
      'other.js': { code: "import A from './index'\nuse(A)", imports: ['index.js'] },
      'index.js': {
        code: "import A from './a'\nexport { b } from './b'\nexport default A;",
        imports: ['a.js', 'b.js'],
      },
      'a.js': { code: 'export default 1', exports: ['default'] },
      'b.js': { code: 'export const b = 2', exports: ['b'] },
    })
    expect(reachOf(graph, 'page.js')).toEqual(['b.js', 'helper.js', 'index.js'])
    expect(reachOf(graph, 'other.js')).toEqual(['a.js', 'index.js'])
  })

  it('follows every import of a module with a statement it cannot match', () => {
    const graph = graphOf({
      'page.js': {
        code: "import { a } from 'unknown-package'\nimport './index'\nuse(a)",
        imports: ['index.js', 'other.js'],
      },
      'index.js': { code: "export { default as a } from './a'", imports: ['a.js'] },
      'other.js': { code: '' },
      'a.js': { code: 'export default 1', exports: ['default'] },
    })
    expect(reachOf(graph, 'page.js')).toEqual(['a.js', 'index.js', 'other.js'])
  })
})
