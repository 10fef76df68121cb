/**
 * The resources' plain constants, apart from define-resource (which builds zod schemas), so code that
 * only needs them (e.g. the SPA's first page) does not load zod.
 */

/** The seven actions of a resource (SPEC §6), in the order the menu lists them. */
export const RESOURCE_ACTIONS = ['list', 'export', 'import', 'show', 'create', 'update', 'delete'] as const
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number]

/** Where each action lives below the resource's url, and its method (the menu seed uses the same). */
export const RESOURCE_ACTION_ROUTES: Record<ResourceAction, { method: string; path: string }> = {
  list: { method: 'GET', path: '/list' },
  export: { method: 'GET', path: '/excel' },
  import: { method: 'POST', path: '/import' },
  show: { method: 'GET', path: '/{id}' },
  create: { method: 'POST', path: '' },
  update: { method: 'PUT', path: '/{id}' },
  delete: { method: 'DELETE', path: '' },
}

/** Page sizes a list offers; the server refuses others and caps anything larger at the last. */
export const PER_PAGE_OPTIONS = [10, 15, 20, 30, 50, 100, 200] as const
export const DEFAULT_PER_PAGE = 15
export const MAX_PER_PAGE = 200
/**
 * The most rows a list page skips to reach its rows: a page by number from the start (`page`), or
 * `skip` rows beyond a row (`after`, `before`) or from the end (`last=1`). Skipping reads every row
 * skipped; deeper pages are reached from a nearer page (issue 22).
 */
export const MAX_SKIPPED_ROWS = 10_000
/** Export pages may be larger: the client asks for many rows at a time (the SPA 5,000, issue 13). */
export const EXPORT_PER_PAGE_OPTIONS = [...PER_PAGE_OPTIONS, 500, 1000, 2000, 5000] as const
export const DEFAULT_EXPORT_PER_PAGE = 200
/** Rows one import request may carry (the SPA sends chunks of 200, SPEC §9). */
export const MAX_IMPORT_ROWS = 1000
/** Records one bulk edit may change, chosen by ids or by a filter (issue 25 §2). */
export const MAX_BULK_ROWS = 10_000
