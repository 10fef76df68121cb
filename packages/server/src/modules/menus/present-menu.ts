import {
  APP_ENVS,
  type AppEnv,
  type Language,
  type MenuItem,
  methodBitsToList,
  USE_BITS,
} from '@brokerdesk/shared'
import type { menus } from '../../db/schema/index'
import { seededText } from '../../i18n/seeded-texts'

type MenuRow = typeof menus.$inferSelect

/** `menus.use` as the list the API shows: 0 means both. */
export function useList(mask: number): MenuItem['use'] {
  if (mask === 0) return ['api', 'web']
  return (Object.keys(USE_BITS) as Array<keyof typeof USE_BITS>).filter((k) => (mask & USE_BITS[k]) !== 0)
}

/**
 * A menu row as the API shows it: the method and use bitmasks become lists, seeded names and
 * descriptions in the caller's language.
 */
export function presentMenu(row: MenuRow, language: Language): MenuItem {
  const options = row.options as MenuItem['options']
  return {
    id: row.id,
    parent_id: row.parent_id,
    name: seededText(language, 'menus', row.id, 'name', row.name),
    url: row.url,
    method: methodBitsToList(row.method),
    level: row.level,
    left_margin: row.left_margin,
    right_margin: row.right_margin,
    status: row.status,
    icons: row.icons,
    resource_id: row.resource_id,
    group: row.group,
    is_page: row.is_page,
    disabled: row.disabled,
    env: (row.env ?? []).filter((e): e is AppEnv => (APP_ENVS as readonly string[]).includes(e)),
    description: seededText(language, 'menus', row.id, 'description', row.description),
    action: row.action,
    use: useList(row.use),
    middleware: row.middleware ?? [],
    as: row.as,
    item_name: row.item_name,
    is_out_link: row.is_out_link,
    plug_in_key: row.plug_in_key,
    options: options ?? null,
  }
}

/** The `use` list of an input back to its bitmask; an empty list means both (0). */
export function useBitsOf(list: readonly string[]): number {
  return list.reduce((mask, use) => mask | (USE_BITS[use as keyof typeof USE_BITS] ?? 0), 0)
}
