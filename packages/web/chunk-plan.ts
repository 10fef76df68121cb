import path from 'node:path'
import { createReach, type Graph } from './chunk-reach'

/** The site's pages whose first load the planned chunks must stay out of (the build checks it). */
export const FIRST_PAGES = ['src/pages/open/index/OpenIndexPage.tsx', 'src/pages/open/login/LoginPage.tsx']
/** The planned chunks of the back office, which the first pages never load (`icons` they may). */
export const BACK_OFFICE_CHUNKS = ['admin', 'admin-pages', 'admin-home', 'admin-ui', 'list-ui', 'user']

/** The modules of antd's icons: components and their SVG definitions. */
const ICON = /[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/

/**
 * The chunks of the back office, planned from the module graph (issue 21). Left to the default
 * splitting, every module shared by a different set of lazy pages became a chunk of its own: a cold
 * list page loaded 140 files in five waves. Here what an admin page always loads is one chunk:
 * - `admin`: the admin layout (lazily imported, it is this chunk) and what it imports (sider menu, the
 *   antd components they draw), and what both the admin home and the menu's pages use;
 * - `admin-pages`: the menu's routes and the generic list page (both lazily imported) and what they
 *   add: the page registry, list prefetching, Table, filters, toolbar; the list's rarer parts (range
 *   pickers, pictures, list settings' panels, export and import) are lazy chunks of their own;
 * - `admin-home`: what only the admin home adds (its cards; its charts load after the first paint);
 * - `admin-ui`: what the layout, the admin home or `user` share with a first page's later parts only;
 * - `list-ui`: what only the menu's pages share so (the filters' Form, Select, Input): not the home's;
 * - `icons`: antd's icons the admin area draws;
 * - `user`: the header's account menu and message bell, and what only they bring.
 * Modules the first pages (the site's home and the login page, with what they load later) can use stay
 * out of all but `icons`, so those pages never load them (boot-preloads.ts fails the build if they
 * would). Other pages that share a module with them (the home area's forms, the registration page)
 * load the chunk that holds it: more bytes once, then cached.
 * What a module "uses" is what its code needs (chunk-reach.ts), not every module it imports: through
 * antd's, @rc-component/util's or the shared package's index the site's home reached modules it never
 * loads (pickAttrs, focus, the shared menu's and list settings' constants…), so the plan kept them out
 * of the back office's chunks and each became a file of its own: 15 of a cold list's 48.
 */
export function createChunkPlan(webRoot: string) {
  const source = (file: string) => path.join(webRoot, 'src', file)
  const ADMIN_ROOTS = [source('layouts/AdminLayout.tsx')]
  const HOME_ROOT = source('pages/admin/index/AdminIndexPage.tsx')
  const PAGES_ROOTS = [source('app/MenuRoutes.tsx'), source('components/resource/ResourceListPage.tsx')]
  /** The header's account menu and message bell, loaded lazily for a logged-in user in every area. */
  const USER_ROOTS = [source('components/AccountMenu.tsx'), source('layouts/MessageBellButton.tsx')]
  const ENTRY = source('main.tsx')
  const ROUTER = source('app/router.tsx')
  /** The pages of the router whose weight the planned chunks must not add to. */
  const FIRST_PAGE_IDS = FIRST_PAGES.map((file) => path.join(webRoot, file))
  /** Pages and widgets only the admin area loads: their reach is not "elsewhere". */
  const adminOnly = (id: string) =>
    ADMIN_ROOTS.includes(id) ||
    id === HOME_ROOT ||
    PAGES_ROOTS.includes(id) ||
    id.startsWith(source('pages/admin/')) ||
    id.startsWith(source('components/resource/')) ||
    id.startsWith(source('app/page-registry'))

  let plan: Map<string, string> | undefined

  /** What a module's code needs (chunk-reach.ts): through an index, only the names it takes. */
  let reach: ((id: string) => Set<string>) | undefined
  const importsOf = (graph: Graph, id: string) => {
    // The shared package, declared free of side effects in vite.config.ts's treeshake options.
    const shared = path.join(webRoot, '..', 'shared', 'src')
    reach ??= createReach(graph, { '@brokerdesk/shared': shared }, (id) => id.startsWith(shared))
    return [...reach(id)]
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

  /**
   * Everything the first pages can load: the entry, following lazy imports but to other pages (and
   * but to the modules `skip` names, besides the admin area's).
   */
  function elsewhere(graph: Graph, skip: readonly string[] = []): Set<string> {
    const seen = new Set<string>()
    const stack = [ENTRY]
    while (stack.length > 0) {
      const id = stack.pop() as string
      if (seen.has(id) || adminOnly(id) || skip.includes(id)) continue
      seen.add(id)
      const info = graph.getModuleInfo(id)
      const lazy = info?.dynamicallyImportedIds ?? []
      stack.push(
        ...importsOf(graph, id),
        ...(id === ROUTER ? lazy.filter((page) => FIRST_PAGE_IDS.includes(page)) : lazy),
      )
    }
    return seen
  }

  function makePlan(graph: Graph): Map<string, string> {
    const outside = elsewhere(graph)
    // A lazily imported module the first pages can load keeps a chunk of its own. One only the admin
    // area imports (its layout, the menu's routes, the list page) joins its group: its import() loads
    // that chunk (rolldown 1.0 left the chunk exporting an undefined namespace; 1.2 does not).
    const lazy = (id: string) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0
    const next = new Map<string, string>()
    const assign = (roots: readonly string[], name: string) => {
      for (const id of staticClosure(graph, roots)) {
        if (!next.has(id) && !outside.has(id)) next.set(id, name)
      }
    }
    assign(ADMIN_ROOTS, 'admin')
    // What both the admin home and the menu's pages use goes with the layout; what only one of them
    // uses stays with it (a list does not load the home's cards, nor the home the list's table).
    const pages = staticClosure(graph, PAGES_ROOTS)
    for (const id of staticClosure(graph, [HOME_ROOT]))
      if (pages.has(id) && !next.has(id) && !outside.has(id)) next.set(id, 'admin')
    assign(PAGES_ROOTS, 'admin-pages')
    assign([HOME_ROOT], 'admin-home')
    // What the layout and the menu's pages share with the first pages' later parts (their modals,
    // dropdowns, the register page's fields) but not with what those pages load first: one chunk.
    // Left to the default splitting, each set of importers made a chunk of its own — 30 files of
    // 0.1–5 kB on a cold list, queued on HTTP/1.1's six connections. A later part of a first page
    // that needs one of them loads it whole (more bytes once, then cached); their first load does not.
    // Two such chunks: what the layout, the home or the user chunk reach (`admin-ui`), and what only
    // the menu's pages do (`list-ui`). In one, the admin home loaded the list's Form, Select and Input
    // (47 kB gzip and 10 kB of their CSS) it never draws; a module the home reaches stays in
    // `admin-ui` (its Row and Col, Empty), or the home would load `list-ui` for it.
    const languages = graph.getModuleInfo(source('i18n/languages.ts'))?.dynamicallyImportedIds ?? []
    const firstLoad = staticClosure(graph, [ENTRY, ...FIRST_PAGE_IDS, ...languages])
    const adminReach = staticClosure(graph, [...ADMIN_ROOTS, ...PAGES_ROOTS])
    const layoutReach = staticClosure(graph, [...ADMIN_ROOTS, ...USER_ROOTS, HOME_ROOT])
    for (const id of adminReach)
      if (outside.has(id) && !firstLoad.has(id) && !next.has(id) && !lazy(id) && !ICON.test(id))
        next.set(id, layoutReach.has(id) ? 'admin-ui' : 'list-ui')
    // antd's icons the admin area draws (the menu's, the toolbars'): one small chunk rather than a
    // file each (a first page using one of them loads it too: a few kB).
    for (const id of adminReach) if (ICON.test(id) && !next.has(id) && !lazy(id)) next.set(id, 'icons')
    // The account menu and message bell with what only they bring (avatar, badge, the inbox's count,
    // their icons): every logged-in page asks for them right after its header, as one chunk (six
    // files of 0.3–2.6 kB before). What a first page's later part shares with them stays out.
    const notUser = elsewhere(graph, USER_ROOTS)
    for (const id of staticClosure(graph, USER_ROOTS))
      if (!notUser.has(id) && !firstLoad.has(id) && !next.has(id)) next.set(id, 'user')
    return next
  }

  /** The `name` of a rolldown code-splitting group: the planned chunk of a module, or null. */
  return (id: string, graph: Graph): string | null => {
    plan ??= makePlan(graph)
    return plan.get(id) ?? null
  }
}
