import {
  DEFAULT_PER_PAGE,
  isOptionSource,
  type OptionItem,
  PER_PAGE_OPTIONS,
  RESOURCE_ACTION_ROUTES,
  type ResourceAction,
  type ResourceDefinition,
  type ResourcePageData,
} from '@brokerdesk/shared'
import { heldRoutesAmong, routeKey } from '../access/route-access'
import type { Db } from '../db/client'
import { findLayout } from './find-layout'
import type { ResourceContext, Row, TreeOption } from './types'

/** The actions of a resource this user's roles hold: the same decision the server takes per request, in one statement. */
export async function allowedActions(
  ctx: ResourceContext,
  definition: ResourceDefinition,
): Promise<ResourceAction[]> {
  const routes = definition.actions.map((action) => {
    const route = RESOURCE_ACTION_ROUTES[action]
    return { url: `${definition.url}${route.path}`, method: route.method }
  })
  const held = await heldRoutesAmong(ctx.db, { routes, env: ctx.env, roleIds: ctx.roleIds })
  return definition.actions.filter((_, index) => held.has(routeKey(routes[index].method, routes[index].url)))
}

/** The static option sets of the definition's fields and filters, by name. */
function staticOptions(definition: ResourceDefinition): Record<string, readonly OptionItem[]> {
  const options: Record<string, readonly OptionItem[]> = {}
  for (const item of [...definition.fieldList, ...definition.filters]) {
    if (item.options && !isOptionSource(item.options)) options[item.name] = item.options
  }
  return options
}

export interface PageDataOptions {
  ctx: ResourceContext
  definition: ResourceDefinition
  defaults: Row
  pageOptions?: (db: Db, ctx: ResourceContext) => Promise<Record<string, OptionItem[] | TreeOption[]>>
  /** The sortable fields a page by position (`after`, `before`) can follow: those never empty. */
  positionSorts?: string[]
}

/**
 * `GET /admin/<name>`: the definition as the SPA renders it, the option sets, this user's actions
 * and the layout saved in the developer console.
 */
export async function buildPageData(options: PageDataOptions): Promise<ResourcePageData> {
  const { ctx, definition } = options
  const [actions, dynamic, layout] = await Promise.all([
    allowedActions(ctx, definition),
    options.pageOptions ? options.pageOptions(ctx.db, ctx) : {},
    findLayout(ctx.db, definition.name),
  ])
  return {
    resource: definition.name,
    url: definition.url,
    actions,
    fields: definition.fieldList,
    columns: definition.columns,
    filters: definition.filters,
    sorts: definition.sorts,
    default_sort: definition.defaultSort,
    per_page: DEFAULT_PER_PAGE,
    per_page_options: [...PER_PAGE_OPTIONS],
    ...(options.positionSorts ? { position_sorts: options.positionSorts } : {}),
    tree: definition.tree,
    max_level: definition.maxLevel,
    defaults: options.defaults,
    options: { ...staticOptions(definition), ...dynamic },
    sections: definition.sections,
    layout,
  }
}
