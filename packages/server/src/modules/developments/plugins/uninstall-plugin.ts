import { eq, inArray, sql } from 'drizzle-orm'
import { pageLayouts, plugins } from '../../../db/schema/index'
import { notFound } from '../../../errors'
import { runWrite } from '../../../resource/run-write'
import type { ResourceContext } from '../../../resource/types'
import type { LoadedManifest } from './plugin-manifest'
import { removePluginMenus } from './plugin-menus'
import { runMigrationSql } from './run-sql'

/**
 * Uninstalls a plug-in in one transaction with its operation log: removes its menu items (and every
 * role's hold on them). Its data stays unless `dropData` is asked for: its tables (the installation
 * is kept, marked deleted, so that installing again uses them) and its pages' saved layouts. With
 * `dropData` its down migrations run, newest first, from the manifest it was installed with, and the
 * installation is forgotten; that also drops the data an earlier uninstall kept. 404 when there is
 * nothing to uninstall.
 */
export async function uninstallPlugin(ctx: ResourceContext, name: string, options: { dropData: boolean }) {
  const { dropData } = options
  return runWrite(ctx, { name, drop_data: dropData }, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plugin:${name}`}))`)
    const [installed] = await tx.select().from(plugins).where(eq(plugins.name, name))
    const kept = installed?.deleted_at != null
    if (!installed || (kept && !dropData)) throw notFound()
    const removed = kept ? 0 : await removePluginMenus(tx, name)
    if (!dropData) {
      await tx.update(plugins).set({ deleted_at: sql`now()` }).where(eq(plugins.id, installed.id))
      return { name, menus: removed, data_dropped: false }
    }
    const manifest = installed.manifest as unknown as LoadedManifest
    const resources = manifest.pages.map((page) => page.resource)
    if (resources.length > 0) await tx.delete(pageLayouts).where(inArray(pageLayouts.resource, resources))
    for (const migration of [...manifest.migrations].reverse()) await runMigrationSql(tx, migration.down)
    await tx.delete(plugins).where(eq(plugins.id, installed.id))
    return { name, menus: removed, data_dropped: true }
  })
}
