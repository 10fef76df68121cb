/*
 * The values of a user's list settings the SPA needs to draw a list, apart from their schemas
 * (list-settings.ts): a list page then loads no validation library.
 */

/** How tightly a list's rows sit (antd's table sizes). */
export const LIST_DENSITIES = ['large', 'middle', 'small'] as const
export type ListDensity = (typeof LIST_DENSITIES)[number]

/** Limits of a user's settings of one list. */
export const LIST_SETTINGS_LIMITS = { columns: 200, views: 20, viewName: 40, viewSearch: 2000 } as const

/** The settings of a list nobody has set. */
export const DEFAULT_LIST_SETTINGS = {
  columns: null,
  density: 'middle' as ListDensity,
  views: [] as { name: string; search: string }[],
}
