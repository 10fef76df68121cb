import { LANGUAGES, RESOURCE_ACTIONS } from '@brokerdesk/shared'
import { z } from 'zod'

/**
 * A plug-in's `plugin.json` (the format is described in docs/decisions/developer-console.md). Everything a plug-in
 * adds is data: menu items, SQL migrations, and pages served by the resource engine from a
 * declarative field list. A plug-in brings no code.
 */
const ZName = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'a-z, 0-9 and -, starting with a letter (2-40)')
const ZIdentifier = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'a-z, 0-9 and _, starting with a letter')
const ZAdminUrl = z
  .string()
  .max(255)
  .regex(/^\/admin(\/[a-z0-9{}_-]+)+$/, 'an /admin/... address')

export const PLUGIN_FIELD_KINDS = [
  'text',
  'textarea',
  'markdown',
  'integer',
  'select',
  'switch',
  'date',
  'datetime',
] as const

const ZPluginField = z.strictObject({
  kind: z.enum(PLUGIN_FIELD_KINDS),
  required: z.boolean().default(false),
  /** Longest text, or largest integer. */
  max: z.number().int().min(1).max(2_147_483_647).optional(),
  /** Smallest integer. */
  min: z.number().int().min(-2_147_483_648).optional(),
  /** select: code → label key (`options.<resource>.<field>.<key>`). */
  options: z.record(z.string().regex(/^\d{1,9}$/), ZIdentifier).optional(),
  default: z.union([z.string().max(255), z.number().int()]).optional(),
  list: z.boolean().default(false),
  sortable: z.boolean().default(false),
  filter: z.enum(['equals', 'like', 'in', 'between']).optional(),
})
export type PluginField = z.infer<typeof ZPluginField>

const ZPluginPage = z.strictObject({
  /** The url segment: the page is /admin/<resource>. */
  resource: ZName,
  /** The table its migrations create: `id`, the fields, `created_at`, `updated_at`, `deleted_at`. */
  table: ZIdentifier,
  fields: z.record(ZIdentifier, ZPluginField).refine((fields) => Object.keys(fields).length > 0, 'no fields'),
  /** Fields the list's keyword search looks in. */
  keyword: z.array(ZIdentifier).max(10).default([]),
  actions: z
    .array(z.enum(RESOURCE_ACTIONS))
    .min(1)
    .default([...RESOURCE_ACTIONS]),
  default_sort: z
    .string()
    .regex(/^-?[a-z][a-z0-9_]*$/)
    .default('-id'),
})
export type PluginPage = z.infer<typeof ZPluginPage>

const ZPluginMenuItem = z.strictObject({
  name: z.string().min(1).max(255),
  description: z.string().max(255).optional(),
  icons: z.string().max(255).default('fa-puzzle-piece'),
  url: ZAdminUrl,
  method: z
    .array(z.enum(['get', 'post', 'put', 'delete']))
    .min(1)
    .default(['get']),
  page: z.boolean().default(false),
  display: z.boolean().default(false),
  /** A resource item: its actions become child items, as the seed's resources do. */
  resource: z
    .strictObject({
      item: z.string().min(1).max(100),
      only: z.array(z.enum(RESOURCE_ACTIONS)).min(1).optional(),
    })
    .optional(),
})

const ZPluginMenu = ZPluginMenuItem.extend({
  /** The existing item it goes under (e.g. 7, "Other settings"). */
  parent_id: z.number().int().min(1),
  children: z.array(ZPluginMenuItem).max(20).default([]),
})
export type PluginMenu = z.infer<typeof ZPluginMenu>

const ZPluginMigration = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
  /** Paths inside the plug-in's folder. */
  up: z.string().min(1).max(255),
  down: z.string().min(1).max(255),
})

/**
 * Texts of one language: the plug-in's title and description as the console lists it, and the menu
 * names, field labels and option labels of its own pages.
 */
const ZPluginTexts = z.strictObject({
  title: z.string().max(100).optional(),
  description: z.string().max(500).optional(),
  menu: z.record(z.string(), z.string().max(255)).default({}),
  labels: z.record(ZName, z.record(ZIdentifier, z.string().max(255))).default({}),
  options: z.record(ZName, z.record(ZIdentifier, z.record(ZIdentifier, z.string().max(255)))).default({}),
})
export type PluginTexts = z.infer<typeof ZPluginTexts>

export const ZPluginManifest = z.strictObject({
  name: ZName,
  version: z.string().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'a version such as 1.0.0'),
  title: z.string().min(1).max(100),
  description: z.string().max(500).default(''),
  menus: z.array(ZPluginMenu).max(20).default([]),
  migrations: z.array(ZPluginMigration).max(100).default([]),
  pages: z.array(ZPluginPage).max(20).default([]),
  texts: z.partialRecord(z.enum(LANGUAGES), ZPluginTexts).default({}),
})
export type PluginManifest = z.infer<typeof ZPluginManifest>

/** A migration with its SQL read from the plug-in's folder. */
export interface LoadedMigration {
  name: string
  up: string
  down: string
}

/** A manifest with its migrations' SQL: what is installed, and stored with the installation. */
export type LoadedManifest = Omit<PluginManifest, 'migrations'> & { migrations: LoadedMigration[] }
