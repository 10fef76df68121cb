import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../../db/client'
import { menus, plugins } from '../../../db/schema/index'
import { AppError, notFound } from '../../../errors'
import { runWrite } from '../../../resource/run-write'
import type { ResourceContext } from '../../../resource/types'
import type { LoadedManifest } from './plugin-manifest'
import { addPluginMenus } from './plugin-menus'
import { runMigrationSql } from './run-sql'

const refuse = (key: string, params: Record<string, string>) =>
  new AppError('validation', key, { params, errors: { name: [key] } })

/** The columns a page's table lacks after the migrations: its fields and what the engine needs. */
async function missingColumns(tx: Tx, manifest: LoadedManifest): Promise<string[]> {
  const missing: string[] = []
  for (const page of manifest.pages) {
    const result = (await tx.execute(
      sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${page.table}`,
    )) as unknown as { rows: { column_name: string }[] }
    const present = new Set(result.rows.map((row) => row.column_name))
    const needed = ['id', ...Object.keys(page.fields), 'created_at', 'updated_at', 'deleted_at']
    for (const column of needed.filter((name) => !present.has(name))) missing.push(`${page.table}.${column}`)
  }
  return missing
}

/**
 * Installs a plug-in found at start, in one transaction with its operation log: runs its up
 * migrations (when an uninstall kept its data, only those the kept installation had not run),
 * checks that its pages' tables have their columns, adds its menu items and records the
 * installation (with the manifest, for the uninstall). Anything failing leaves nothing behind.
 */
export async function installPlugin(app: FastifyInstance, ctx: ResourceContext, name: string) {
  const plugin = app.plugins.found.find((candidate) => candidate.name === name)
  if (!plugin) throw notFound()
  const manifest = plugin.manifest
  if (!manifest) throw refuse('plugins.unusable', { name, reason: plugin.error ?? '' })
  return runWrite(ctx, { name, version: manifest.version }, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plugin:${name}`}))`)
    const [installed] = await tx.select().from(plugins).where(eq(plugins.name, name))
    if (installed && installed.deleted_at === null) throw refuse('plugins.installed', { name })
    const ran = new Set(
      ((installed?.manifest as unknown as LoadedManifest | undefined)?.migrations ?? []).map((m) => m.name),
    )
    const parents = [...new Set(manifest.menus.map((menu) => menu.parent_id))]
    const found = parents.length
      ? await tx
          .select({ id: menus.id })
          .from(menus)
          .where(and(inArray(menus.id, parents), isNull(menus.deleted_at)))
      : []
    if (found.length !== parents.length) throw refuse('plugins.no_parent', { name })
    for (const migration of manifest.migrations.filter((m) => !ran.has(m.name)))
      await runMigrationSql(tx, migration.up)
    const missing = await missingColumns(tx, manifest)
    if (missing.length > 0) throw refuse('plugins.columns_missing', { name, columns: missing.join(', ') })
    const menuIds = await addPluginMenus(tx, name, manifest.menus)
    const values = {
      name,
      version: manifest.version,
      manifest: manifest as unknown as Record<string, unknown>,
    }
    if (installed) {
      await tx
        .update(plugins)
        .set({ ...values, created_at: sql`now()`, deleted_at: null })
        .where(eq(plugins.id, installed.id))
    } else {
      await tx.insert(plugins).values(values)
    }
    return { name, version: manifest.version, menus: menuIds.length, data_kept: installed !== undefined }
  })
}
