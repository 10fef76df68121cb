import { z } from 'zod'

/** `menus.method` is a bitmask (reference schema): 1-get, 2-post, 4-put, 8-delete, ... */
export const METHOD_BITS = {
  get: 1,
  post: 2,
  put: 4,
  delete: 8,
  head: 16,
  options: 32,
  trace: 64,
  connect: 128,
} as const
export type HttpMethodName = keyof typeof METHOD_BITS

/** Splits a method bitmask into the list of its bits, e.g. 5 → [1, 4]. */
export function methodBitsToList(mask: number): number[] {
  return Object.values(METHOD_BITS).filter((bit) => (mask & bit) === bit)
}

/** Folds a list of method bits back into a bitmask, e.g. [1, 4] → 5. */
export function methodListToBits(list: readonly number[]): number {
  return list.reduce((mask, bit) => mask | bit, 0)
}

export function methodBitOf(method: string): number {
  return METHOD_BITS[method.toLowerCase() as HttpMethodName] ?? 0
}

export const MENU_GROUPS = ['open', 'home', 'admin'] as const
export type MenuGroup = (typeof MENU_GROUPS)[number]

export const APP_ENVS = ['local', 'testing', 'staging', 'production'] as const
export type AppEnv = (typeof APP_ENVS)[number]

/** `menus.use`: which mounts a route is offered on, as a bitmask: 1-api, 2-web. */
export const USE_BITS = { api: 1, web: 2 } as const

/** Menu status (reference schema): 1-display, 2-hidden. */
export const MENU_STATUS = { display: 1, hidden: 2 } as const

/** A menu item as the API presents it (SPEC §3 "Menu item"). */
export const ZMenuItem = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** The bits of the method mask; 1 means the item is viewable as a page (GET). */
  method: z.array(z.number().int()),
  level: z.number().int(),
  left_margin: z.number().int(),
  right_margin: z.number().int(),
  status: z.number().int(),
  icons: z.string(),
  /** -1: the item is a resource; >0: the resource item this action belongs to; 0: neither. */
  resource_id: z.number().int(),
  group: z.string(),
  is_page: z.number().int(),
  disabled: z.number().int(),
  /** Environments the item exists in; empty means every environment. */
  env: z.array(z.enum(APP_ENVS)),
  description: z.string(),
  action: z.string(),
  use: z.array(z.enum(['api', 'web'])),
  middleware: z.array(z.string()),
  as: z.string(),
  item_name: z.string(),
  is_out_link: z.number().int(),
  plug_in_key: z.string(),
  options: z.object({ only: z.array(z.string()).optional() }).nullable(),
})
export type MenuItem = z.infer<typeof ZMenuItem>
export type MenuNode = MenuItem & { childrens?: MenuNode[] }

/** Builds the child lists (named `childrens`, as the original) under each item, ordered by left margin. */
export function buildMenuTree(items: readonly MenuItem[], rootParentId = 0): MenuNode[] {
  const byParent = new Map<number, MenuNode[]>()
  const sorted = [...items].sort((a, b) => a.left_margin - b.left_margin)
  for (const item of sorted) {
    const siblings = byParent.get(item.parent_id) ?? []
    siblings.push({ ...item })
    byParent.set(item.parent_id, siblings)
  }
  const attach = (nodes: MenuNode[]): MenuNode[] =>
    nodes.map((node) => {
      const children = byParent.get(node.id)
      return children ? { ...node, childrens: attach(children) } : node
    })
  return attach(byParent.get(rootParentId) ?? [])
}

/** The trail of ancestors of `item` (root first, item last), from nested-set margins. */
export function breadcrumbOf(items: readonly MenuItem[], item: MenuItem): MenuItem[] {
  return items
    .filter((m) => m.left_margin <= item.left_margin && m.right_margin >= item.right_margin)
    .sort((a, b) => a.left_margin - b.left_margin)
}
