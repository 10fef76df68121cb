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
 * role's hold on them) and its pages' saved layouts, runs its down migrations newest first from the
 * manifest it was installed with, and forgets the installation. 404 when it is not installed.
 */
export async function uninstallPlugin(ctx: ResourceContext, name: string) {
  return runWrite(ctx, { name }, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plugin:${name}`}))`)
    const [installed] = await tx.select().from(plugins).where(eq(plugins.name, name))
    if (!installed) throw notFound()
    const manifest = installed.manifest as unknown as LoadedManifest
    const removed = await removePluginMenus(tx, name)
    const resources = manifest.pages.map((page) => page.resource)
    if (resources.length > 0) await tx.delete(pageLayouts).where(inArray(pageLayouts.resource, resources))
    for (const migration of [...manifest.migrations].reverse()) await runMigrationSql(tx, migration.down)
    await tx.delete(plugins).where(eq(plugins.id, installed.id))
    return { name, menus: removed }
  })
}
