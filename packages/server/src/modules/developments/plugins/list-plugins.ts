import { FALLBACK_LANGUAGE, type Language, type PluginSummary } from '@brokerdesk/shared'
import { asc, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/client'
import { plugins } from '../../../db/schema/index'
import type { LoadedManifest, PluginTexts } from './plugin-manifest'

type Summary = Pick<PluginSummary, 'title' | 'description' | 'menus' | 'pages'>

/** What the console shows of a manifest, its title and description in the language when it has them. */
function summaryOf(manifest: LoadedManifest, language: Language): Summary {
  const texts = (manifest.texts as Partial<Record<Language, PluginTexts>>)[language]
  return {
    title: texts?.title ?? manifest.title,
    description: texts?.description ?? manifest.description,
    menus: manifest.menus.flatMap((menu) => [menu.url, ...menu.children.map((child) => child.url)]),
    pages: manifest.pages.map((page) => page.resource),
  }
}

/**
 * The plug-ins found at start and those installed in the database, or uninstalled with their data
 * kept (one whose folder is gone is still listed, so it can be uninstalled or its data dropped), by name.
 */
export async function listPlugins(app: FastifyInstance, language: Language): Promise<PluginSummary[]> {
  const installed = await app.db.select().from(plugins).orderBy(asc(plugins.name))
  const byName = new Map(installed.map((row) => [row.name, row]))
  const list: PluginSummary[] = app.plugins.found.map((plugin) => {
    const row = byName.get(plugin.name)
    const live = row && row.deleted_at === null ? row : undefined
    const stored = row?.manifest as LoadedManifest | undefined
    const manifest = plugin.manifest ?? stored
    return {
      name: plugin.name,
      version: plugin.manifest?.version ?? '',
      source: plugin.source,
      installed_version: live?.version ?? null,
      installed_at: live?.created_at.toISOString() ?? null,
      error: plugin.error ?? null,
      data_kept: row !== undefined && !live,
      ...(manifest
        ? summaryOf(manifest, language)
        : { title: plugin.name, description: '', menus: [], pages: [] }),
    }
  })
  const found = new Set(list.map((plugin) => plugin.name))
  for (const row of installed.filter((candidate) => !found.has(candidate.name))) {
    const live = row.deleted_at === null
    list.push({
      name: row.name,
      version: '',
      source: null,
      installed_version: live ? row.version : null,
      installed_at: live ? row.created_at.toISOString() : null,
      error: null,
      data_kept: !live,
      ...summaryOf(row.manifest as unknown as LoadedManifest, language),
    })
  }
  return list.sort((a, b) => a.name.localeCompare(b.name))
}

type TextTree = { [key: string]: string | TextTree }

function mergeTexts(target: TextTree, source: TextTree): TextTree {
  for (const [key, value] of Object.entries(source)) {
    target[key] =
      typeof value === 'string' ? value : mergeTexts((target[key] as TextTree | undefined) ?? {}, value)
  }
  return target
}

/**
 * The texts of the installed plug-ins in a language, English where a text is missing there:
 * `{menu, labels, options}` for the SPA to add to its own.
 */
export async function pluginTexts(db: Db, language: Language): Promise<TextTree> {
  const rows = await db
    .select({ manifest: plugins.manifest })
    .from(plugins)
    .where(isNull(plugins.deleted_at))
    .orderBy(asc(plugins.name))
  const merged: TextTree = {}
  for (const row of rows) {
    const texts = (row.manifest as unknown as LoadedManifest).texts as Partial<Record<Language, PluginTexts>>
    for (const source of [texts[FALLBACK_LANGUAGE], texts[language]]) {
      if (!source) continue
      const { menu, labels, options } = source
      mergeTexts(merged, { menu, labels, options } as unknown as TextTree)
    }
  }
  return merged
}
