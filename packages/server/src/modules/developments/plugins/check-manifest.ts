import { RESOURCE_ACTIONS, RESOURCES } from '@brokerdesk/shared'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../../../db/schema/index'
import { buildMenuRows } from '../../../db/seed/menu-rows'
import { ACTION_ROUTES } from '../../../db/seed/menu-seed'
import { MENU_TREE } from '../../../db/seed/menu-tree'
import type { PluginManifest } from './plugin-manifest'

const AUTOMATIC_FIELDS = new Set(['id', 'created_at', 'updated_at', 'deleted_at'])

/** The url segments under /admin the application uses itself: its resources and its seeded items. */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  ...Object.keys(RESOURCES),
  ...buildMenuRows(MENU_TREE)
    .map((row) => /^\/admin\/([^/]+)/.exec(row.url ?? '')?.[1])
    .filter((segment): segment is string => Boolean(segment)),
])

/** The application's own tables, which no plug-in may take. */
export const RESERVED_TABLES: ReadonlySet<string> = new Set([
  ...Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
  '__drizzle_migrations',
])

/**
 * What is wrong with a manifest beyond its shape, as readable sentences (empty when nothing is):
 * pages must not take the application's names, menus must lead to the plug-in's own pages, and
 * texts may only name the plug-in's own menus (with the action items of its resources) and pages.
 */
export function checkManifest(manifest: PluginManifest): string[] {
  const problems: string[] = []
  const pages = new Set(manifest.pages.map((page) => page.resource))
  for (const page of manifest.pages) {
    const where = `page "${page.resource}"`
    if (RESERVED_SEGMENTS.has(page.resource)) problems.push(`${where}: /admin/${page.resource} is taken`)
    if (RESERVED_TABLES.has(page.table)) problems.push(`${where}: the table "${page.table}" is taken`)
    const names = Object.keys(page.fields)
    for (const name of names.filter((n) => AUTOMATIC_FIELDS.has(n))) {
      problems.push(`${where}: "${name}" is added automatically`)
    }
    for (const [name, field] of Object.entries(page.fields)) {
      if (field.kind === 'select' && Object.keys(field.options ?? {}).length === 0) {
        problems.push(`${where}: the select "${name}" has no options`)
      }
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        problems.push(`${where}: "${name}" has min above max`)
      }
    }
    const sortField = page.default_sort.replace(/^-/, '')
    if (!AUTOMATIC_FIELDS.has(sortField) && !names.includes(sortField)) {
      problems.push(`${where}: default_sort names no field`)
    }
    for (const name of page.keyword.filter((n) => !names.includes(n))) {
      problems.push(`${where}: keyword names no field "${name}"`)
    }
  }
  const menuNames = new Set<string>()
  for (const menu of manifest.menus) {
    for (const item of [menu, ...menu.children]) {
      menuNames.add(item.name)
      // A resource's action items are named after it ("Notice details"): texts may translate them.
      for (const action of item.resource ? (item.resource.only ?? RESOURCE_ACTIONS) : []) {
        menuNames.add(ACTION_ROUTES[action].name(item.resource?.item ?? ''))
      }
      const segment = item.url.split('/')[2]
      if (!pages.has(segment)) problems.push(`menu "${item.name}": ${item.url} is not under one of its pages`)
      if (item.resource && item.url !== `/admin/${segment}`) {
        problems.push(`menu "${item.name}": a resource's url is /admin/<page>`)
      }
    }
  }
  for (const [language, texts] of Object.entries(manifest.texts)) {
    for (const name of Object.keys(texts.menu).filter((n) => !menuNames.has(n))) {
      problems.push(`texts ${language}: "${name}" is not one of its menus`)
    }
    for (const resource of [...Object.keys(texts.labels), ...Object.keys(texts.options)]) {
      if (!pages.has(resource)) problems.push(`texts ${language}: "${resource}" is not one of its pages`)
    }
  }
  return problems
}
