import path from 'node:path'

/** What the chunk plan is given of the module graph (rolldown's chunking context). */
export interface Graph {
  getModuleInfo(id: string): {
    code: string | null
    importedIds: readonly string[]
    dynamicallyImportedIds: readonly string[]
    dynamicImporters: readonly string[]
    importers: readonly string[]
    /** Its exported names, `*` for each `export * from` (undefined: taken as exporting every name). */
    exports?: readonly string[]
  } | null
}

/** Every name: a namespace import or re-export, an import with no names, or one not understood. */
const ALL = '*'

/** One `import … from` or `export … from` statement: the names it takes, as [name, local or exported]. */
interface Statement {
  spec: string
  reexport: boolean
  names: [string, string][]
}

const STATEMENT =
  /(?:^|[;\n}])\s*(import|export)\s*(?:type\s+)?([\w$]+\s*,?\s*)?(\{[^}]*\}|\*\s*(?:as\s+[\w$]+)?)?\s*(?:from\s*)?["']([^"']+)["']/g
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm
/** `export { a, b as c }` without `from`: a barrel's exports of what it imported. */
const LOCAL_EXPORTS = /export\s*(\{[^}]*\})\s*(?=;|$)/gm
/** `export default a`: a barrel's default export of what it imported (rc-tree's index: `Tree`). */
const DEFAULT_EXPORT = /export\s+default\s+([\w$]+)\s*(?=;|$)/gm

function parseNames(list: string): [string, string][] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/)
      return [name, alias ?? name]
    })
}

function statementsOf(code: string): Statement[] {
  return [...code.replace(COMMENTS, '').matchAll(STATEMENT)].map(([, keyword, first, rest, spec]) => {
    const names: [string, string][] = []
    if (first?.trim()) names.push(['default', first.replace(',', '').trim()])
    if (rest?.startsWith('{')) names.push(...parseNames(rest))
    else if (rest) names.push([ALL, rest.match(/as\s+([\w$]+)/)?.[1] ?? ALL])
    return { spec, reexport: keyword === 'export', names }
  })
}

/** Whether a module only imports and exports again (an index), with no code of its own. */
function isBarrel(code: string): boolean {
  const rest = code
    .replace(COMMENTS, '')
    .replace(STATEMENT, '')
    .replace(LOCAL_EXPORTS, '')
    .replace(DEFAULT_EXPORT, '')
    .replace(/["']use client["']/, '')
  return rest.replace(/[\s;]/g, '') === ''
}

const stem = (file: string) => file.replace(/\?.*$/, '').replace(/\.[cm]?[jt]sx?$/, '')

/**
 * Walks the module graph as a bundle keeps it: what a module re-exports (`export … from`, or an index's
 * imports that it only exports again) leads on only for the names its importers take. Through antd's,
 * its icons', @rc-component/util's or the shared package's index, a page otherwise reaches every
 * module they re-export, though tree-shaking leaves those it does not use out of its chunks. A module
 * with a statement the walk cannot match to one of its imports is followed whole: the walk may reach
 * more than the bundle keeps, never less. `packages` maps workspace packages to their source folder;
 * `pure` tells the modules declared free of side effects (rolldown's module info does not say).
 */
export function createReach(graph: Graph, packages: Record<string, string>, pure: (id: string) => boolean) {
  type Imports = { own: Map<string, Set<string>>; reexports: Map<string, [string, string][]> }
  const parsed = new Map<string, Imports>()

  /** The modules a specifier can name among those `id` imports. */
  function candidates(id: string, spec: string, imported: readonly string[]): string[] {
    const workspace = Object.keys(packages).find((name) => spec === name || spec.startsWith(`${name}/`))
    // A path: relative, or absolute (what a Vite plugin adds, e.g. antd-lazy-parts.ts's helper).
    if (spec.startsWith('.') || path.isAbsolute(spec) || workspace) {
      const wanted = workspace
        ? stem(path.join(packages[workspace], spec.slice(workspace.length) || 'index'))
        : stem(path.resolve(path.dirname(id), spec))
      return imported.filter((one) => stem(one) === wanted || stem(one) === path.join(wanted, 'index'))
    }
    // A package, or a file in it: its entry is not known here, only that the module is in it.
    const wanted = `${path.sep}node_modules${path.sep}${stem(spec)}`
    return imported.filter((one) => /^([\\/.]|$)/.test(stem(one).split(wanted)[1] ?? 'no'))
  }

  /** Each statement's module: the one candidate no more precise statement took (else undefined). */
  function resolveAll(id: string, specs: string[], imported: readonly string[]): (string | undefined)[] {
    const found = specs.map((spec) => candidates(id, spec, imported))
    const taken = new Set(found.filter((one) => one.length === 1).map((one) => one[0]))
    return found.map((one) => {
      const left = one.length === 1 ? one : one.filter((target) => !taken.has(target))
      return left.length === 1 ? left[0] : undefined
    })
  }

  function importsOf(id: string): Imports {
    const known = parsed.get(id)
    if (known) return known
    const info = graph.getModuleInfo(id)
    const code = info?.code ?? ''
    const imported = info?.importedIds ?? []
    const own = new Map<string, Set<string>>()
    const reexports = new Map<string, [string, string][]>()
    const take = (target: string, names: string[]) =>
      own.set(target, new Set([...(own.get(target) ?? []), ...names]))
    const parsedStatements = statementsOf(code)
    const targets = resolveAll(
      id,
      parsedStatements.map((one) => one.spec),
      imported,
    )
    const statements = parsedStatements.map((one, index) => ({ ...one, target: targets[index] }))
    if (statements.some((one) => !one.target)) {
      for (const target of imported) take(target, [ALL])
      parsed.set(id, { own, reexports })
      return parsed.get(id) as Imports
    }
    const barrel = isBarrel(code)
    const exportedAs = new Map<string, string>()
    for (const [, list] of code.matchAll(LOCAL_EXPORTS))
      for (const [local, exported] of parseNames(list)) exportedAs.set(local, exported)
    for (const [, local] of code.matchAll(DEFAULT_EXPORT)) exportedAs.set(local, 'default')
    for (const { target, reexport, names } of statements as (Statement & { target: string })[]) {
      // An index's `import { a } from './a'` only serves its `export { a }`: a re-export too.
      if (!reexport && !(barrel && names.length > 0)) {
        take(target, names.length > 0 ? names.map(([name]) => name) : [ALL])
        continue
      }
      const entries = reexports.get(target) ?? []
      for (const [name, alias] of names) {
        const exported = reexport ? alias : exportedAs.get(alias)
        if (exported) entries.push([exported, name])
      }
      reexports.set(target, entries)
    }
    // Imports no statement names (e.g. a CommonJS module's `require`s) are followed whole.
    const named = new Set(statements.map((one) => one.target))
    for (const target of imported) if (!named.has(target)) take(target, [ALL])
    parsed.set(id, { own, reexports })
    return parsed.get(id) as Imports
  }

  const provided = new Map<string, boolean>()
  /** Whether a module exports `name`, itself or through its `export * from`. */
  function provides(id: string, name: string): boolean {
    const key = `${id}\n${name}`
    const known = provided.get(key)
    if (known !== undefined) return known
    provided.set(key, false)
    const exports = graph.getModuleInfo(id)?.exports
    const result =
      !exports ||
      exports.includes(name) ||
      (exports.includes(ALL) &&
        [...importsOf(id).reexports].some(
          ([target, entries]) => entries.some(([exported]) => exported === ALL) && provides(target, name),
        ))
    provided.set(key, result)
    return result
  }

  /**
   * Whether asking `names` of a module needs its own code: a name it defines, or any name of a module
   * whose code has side effects. A name it only re-exports does not (e.g. the shared package's
   * `export * from './resource-constants'` in define-resource.ts, whose zod schemas stay out).
   */
  function needsOwnCode(id: string, names: ReadonlySet<string>, reexports: Imports['reexports']): boolean {
    const info = graph.getModuleInfo(id)
    if (!info?.exports || !pure(id) || names.has(ALL)) return true
    const reexported = new Set([...reexports.values()].flat().map(([exported]) => exported))
    return [...names].some((name) => info.exports?.includes(name) && !reexported.has(name))
  }

  /** Asking `names` of `id` reaches `id` and what its re-exports of those names lead to. */
  function through(id: string, names: ReadonlySet<string>, into: Set<string>, seen: Set<string>) {
    const key = `${id}\n${[...names].sort().join(',')}`
    if (seen.has(key)) return
    seen.add(key)
    const { reexports } = importsOf(id)
    if (needsOwnCode(id, names, reexports)) into.add(id)
    for (const [target, entries] of reexports) {
      const asked = new Set<string>()
      for (const [exported, name] of entries) {
        // `export * from`: the names asked that the target has pass on as they are.
        if (exported === ALL) {
          for (const one of names) if (one === ALL || provides(target, one)) asked.add(one)
        } else if (names.has(ALL) || names.has(exported)) asked.add(name)
      }
      if (asked.size > 0) through(target, asked, into, seen)
    }
  }

  /** The modules `id`'s own code needs: its imports, and through re-exports only the names it takes. */
  return function reach(id: string): Set<string> {
    const into = new Set<string>()
    const seen = new Set<string>()
    for (const [target, names] of importsOf(id).own) through(target, names, into, seen)
    return into
  }
}
