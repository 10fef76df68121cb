import path from 'node:path'

/** What the chunking function of a group is given: the module graph. */
interface Graph {
  getModuleInfo(id: string): {
    code: string | null
    importedIds: readonly string[]
    dynamicallyImportedIds: readonly string[]
    dynamicImporters: readonly string[]
  } | null
}

/** The modules of antd's icons: components and their SVG definitions. */
const ICON = /[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/

const kebab = (name: string) => name.replace(/[a-z0-9](?=[A-Z])/g, '$&-').toLowerCase()

/** Index modules that re-export a package's components, and the module of each name. */
const BARRELS = [
  {
    specifier: 'antd',
    index: path.join('antd', 'es', 'index.js'),
    file: (name: string) => path.join('antd', 'es', kebab(name), 'index.js'),
  },
  {
    specifier: '@ant-design/icons',
    index: path.join('@ant-design', 'icons', 'es', 'index.js'),
    file: (name: string) => path.join('@ant-design', 'icons', 'es', 'icons', `${name}.js`),
  },
]

/** The names a module's code imports from a package: `import { A, B as C } from 'pkg'`. */
function namedImports(code: string, specifier: string): string[] {
  const pattern = new RegExp(
    `(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier.replace('/', '\\/')}["']`,
    'g',
  )
  return [...code.matchAll(pattern)].flatMap((match) =>
    match[1]
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)[0]
          .replace(/^type\s+/, ''),
      )
      .filter((name) => name !== ''),
  )
}

/**
 * The chunks of the back office, planned from the module graph (issue 21). Left to the default
 * splitting, every module shared by a different set of lazy pages became a chunk of its own: a cold
 * list page loaded 140 files in five waves. Here what an admin page always loads is one chunk:
 * - `admin`: what the admin layout imports (the layout, sider menu and the antd components they draw),
 *   and what both the admin home and the menu's pages use;
 * - `admin-pages`: what the menu's pages add: the page registry, list prefetching and the generic list
 *   page (Table, filters, toolbar), which most of them are; its rarer parts (range pickers, pictures,
 *   list settings' panels, export and import) are lazy chunks of their own;
 * - `admin-home`: what only the admin home adds (its cards; its charts load after the first paint);
 * - `admin-ui`: what the layout and the menu's pages share with a first page's later parts only;
 * - `icons`: antd's icons the admin area draws.
 * Modules the first pages (the site's home and the login page, with what they load later) can use stay
 * out of both, so those pages never load them. Other pages that share a module with them (the home
 * area's forms, the registration page) load the chunk that holds it: more bytes once, then cached.
 */
export function createChunkPlan(webRoot: string) {
  const source = (file: string) => path.join(webRoot, 'src', file)
  const ADMIN_ROOTS = [source('layouts/AdminLayout.tsx')]
  const HOME_ROOT = source('pages/admin/index/AdminIndexPage.tsx')
  const PAGES_ROOTS = [source('app/MenuRoutes.tsx'), source('components/resource/ResourceListPage.tsx')]
  const ENTRY = source('main.tsx')
  const ROUTER = source('app/router.tsx')
  /** The pages of the router whose weight the planned chunks must not add to. */
  const FIRST_PAGES = [source('pages/open/index/OpenIndexPage.tsx'), source('pages/open/login/LoginPage.tsx')]
  /** Pages and widgets only the admin area loads: their reach is not "elsewhere". */
  const adminOnly = (id: string) =>
    ADMIN_ROOTS.includes(id) ||
    id === HOME_ROOT ||
    PAGES_ROOTS.includes(id) ||
    id.startsWith(source('pages/admin/')) ||
    id.startsWith(source('components/resource/')) ||
    id.startsWith(source('app/page-registry'))

  let plan: Map<string, string> | undefined

  /**
   * The modules a module imports, with antd's and its icons' index modules replaced by the
   * components it names: an index imports every component, which would make any page reach all
   * of antd. (When a named component's module is not found, the index is followed whole.)
   */
  function importsOf(graph: Graph, id: string): readonly string[] {
    const info = graph.getModuleInfo(id)
    if (!info) return []
    if (!id.startsWith(source(''))) return info.importedIds
    return info.importedIds.flatMap((imported) => {
      const barrel = BARRELS.find((one) => imported.endsWith(one.index))
      if (!barrel) return [imported]
      const named = namedImports(info.code ?? '', barrel.specifier).map((name) =>
        imported.replace(barrel.index, barrel.file(name)),
      )
      return named.length > 0 && named.every((file) => graph.getModuleInfo(file)) ? named : [imported]
    })
  }

  function staticClosure(graph: Graph, roots: readonly string[]): Set<string> {
    const seen = new Set<string>()
    const stack = [...roots]
    while (stack.length > 0) {
      const id = stack.pop() as string
      if (seen.has(id)) continue
      seen.add(id)
      stack.push(...importsOf(graph, id))
    }
    return seen
  }

  /** Everything the first pages can load: the entry, following lazy imports but to other pages. */
  function elsewhere(graph: Graph): Set<string> {
    const seen = new Set<string>()
    const stack = [ENTRY]
    while (stack.length > 0) {
      const id = stack.pop() as string
      if (seen.has(id) || adminOnly(id)) continue
      seen.add(id)
      const info = graph.getModuleInfo(id)
      const lazy = info?.dynamicallyImportedIds ?? []
      stack.push(
        ...importsOf(graph, id),
        ...(id === ROUTER ? lazy.filter((page) => FIRST_PAGES.includes(page)) : lazy),
      )
    }
    return seen
  }

  function makePlan(graph: Graph): Map<string, string> {
    const outside = elsewhere(graph)
    // A lazily imported module keeps a chunk of its own: rolldown (1.0) then exports its namespace
    // from the chunk that holds it ("Export 'menu_routes_exports' is not defined" otherwise).
    const lazy = (id: string) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0
    const next = new Map<string, string>()
    const assign = (roots: readonly string[], name: string) => {
      for (const id of staticClosure(graph, roots)) {
        if (!next.has(id) && !lazy(id) && !outside.has(id)) next.set(id, name)
      }
    }
    assign(ADMIN_ROOTS, 'admin')
    // What both the admin home and the menu's pages use goes with the layout; what only one of them
    // uses stays with it (a list does not load the home's cards, nor the home the list's table).
    const pages = staticClosure(graph, PAGES_ROOTS)
    for (const id of staticClosure(graph, [HOME_ROOT]))
      if (pages.has(id) && !next.has(id) && !lazy(id) && !outside.has(id)) next.set(id, 'admin')
    assign(PAGES_ROOTS, 'admin-pages')
    assign([HOME_ROOT], 'admin-home')
    // What the layout and the menu's pages share with the first pages' later parts (their modals,
    // dropdowns, the register page's fields) but not with what those pages load first: one chunk.
    // Left to the default splitting, each set of importers made a chunk of its own — 30 files of
    // 0.1–5 kB on a cold list, queued on HTTP/1.1's six connections. A later part of a first page
    // that needs one of them loads it whole (more bytes once, then cached); their first load does not.
    const languages = graph.getModuleInfo(source('i18n/languages.ts'))?.dynamicallyImportedIds ?? []
    const firstLoad = staticClosure(graph, [ENTRY, ...FIRST_PAGES, ...languages])
    const adminReach = staticClosure(graph, [...ADMIN_ROOTS, ...PAGES_ROOTS])
    for (const id of adminReach)
      if (outside.has(id) && !firstLoad.has(id) && !next.has(id) && !lazy(id) && !ICON.test(id))
        next.set(id, 'admin-ui')
    // antd's icons the admin area draws (the menu's, the toolbars'): one small chunk rather than a
    // file each (a first page using one of them loads it too: a few kB).
    for (const id of adminReach) if (ICON.test(id) && !next.has(id) && !lazy(id)) next.set(id, 'icons')
    return next
  }

  /** The `name` of a rolldown code-splitting group: the planned chunk of a module, or null. */
  return (id: string, graph: Graph): string | null => {
    plan ??= makePlan(graph)
    return plan.get(id) ?? null
  }
}
