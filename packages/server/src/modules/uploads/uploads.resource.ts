import { MAX_INTEGER, uploadResource } from '@brokerdesk/shared'
import { inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppConfig } from '../../config'
import type { Tx } from '../../db/client'
import { uploads, users } from '../../db/schema/index'
import { seededText } from '../../i18n/seeded-texts'
import { contextOf } from '../../resource/context'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding, ResourceContext, Row } from '../../resource/types'
import { recordScopes } from '../permissions/data-scope'
import { refuse } from '../roles/refuse'
import { type FileStorage, storageOf } from './file-storage'
import { findUploadUses } from './find-upload-uses'
import { listUploadUsage } from './upload-usage'

type StoreConfig = Pick<AppConfig, 'uploadDir' | 's3'>

/** The rows of a page with the records using each file (`used_by`) and how many there are (`used`). */
async function withUses(db: Parameters<typeof findUploadUses>[0], rows: Row[]): Promise<Row[]> {
  const found = await findUploadUses(
    db,
    rows.map((row) => String(row.url)),
  )
  return rows.map((row) => {
    const uses = found.get(String(row.url))
    return { ...row, used_by: uses?.uses ?? [], used: uses?.used ?? 0 }
  })
}

/**
 * A file is deleted only when no live record uses it, and only where this server reaches its
 * store: deleting the record of a file whose bytes stay would free the quota and leave them behind.
 */
async function checkUploadsDelete(
  config: StoreConfig,
  rows: Row[],
  { tx, ctx }: { tx: Tx; ctx: ResourceContext },
): Promise<Map<number, FileStorage>> {
  const unreachable = rows.find((row) => !storageOf(config, String(row.provider)))
  if (unreachable) {
    throw refuse(ctx.language, 'ids', 'uploads.store_unreachable', {
      name: String(unreachable.name),
      provider: String(unreachable.provider),
    })
  }
  const found = await findUploadUses(
    tx,
    rows.map((row) => String(row.url)),
  )
  const used = rows.find((row) => (found.get(String(row.url))?.used ?? 0) > 0)
  if (used) throw refuse(ctx.language, 'ids', 'uploads.in_use', { name: String(used.name) })
  return new Map(
    rows.map((row) => [row.id as number, storageOf(config, String(row.provider)) as FileStorage]),
  )
}

/**
 * The file manager's records (/admin/uploads): every stored file of the owners in the caller's data
 * scope, with its owner's name and, for the rows of a page, the records using it. Deleting a file
 * nothing uses marks its record deleted (its owner's quota no longer counts it) and removes its
 * bytes from its store, in the delete's transaction: a store that fails undoes the delete.
 */
export function uploadsBindingOf(config: StoreConfig): ResourceBinding {
  return {
    definition: uploadResource,
    table: uploads,
    scope: (ctx) => recordScopes.uploads(ctx),
    pageColumns: (page) => ({
      owner_name:
        sql<string>`coalesce((select coalesce(nullif(${users.name}, ''), ${users.uname}) from ${users} where ${users.id} = ${page.user_id}), '')`.as(
          'owner_name',
        ),
    }),
    // The seeded super administrator's name, in the reader's language.
    seeded: [{ kind: 'users', key: 'user_id', fields: { owner_name: 'name' } }],
    enrich: withUses,
    removeRows: async (rows, { tx, ctx }) => {
      const stores = await checkUploadsDelete(config, rows, { tx, ctx })
      await tx
        .update(uploads)
        .set({ deleted_at: new Date() })
        .where(
          inArray(
            uploads.id,
            rows.map((row) => row.id as number),
          ),
        )
      for (const row of rows) await stores.get(row.id as number)?.remove(String(row.key))
    },
  }
}

/** GET /admin/uploads/usage: each owner's stored files and bytes against the quota (or one owner's). */
function uploadUsageRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/uploads/usage',
    {
      schema: {
        tags: ['uploads'],
        summary: "The owners' stored files and bytes against the quota, largest first (or one owner's)",
        querystring: z.object({ user_id: z.coerce.number().int().min(1).max(MAX_INTEGER).optional() }),
      },
    },
    async (request) => {
      const usage = await listUploadUsage({
        db: app.db,
        caller: contextOf(request),
        quotaBytes: app.config.uploadQuotaBytes,
        userId: request.query.user_id,
      })
      const data = usage.map((row) => ({
        ...row,
        user_name: seededText(request.language, 'users', row.user_id, 'name', row.user_name),
      }))
      return { data, quota: app.config.uploadQuotaBytes }
    },
  )
}

/** The file manager: its resource routes (the binding needs the stores' configuration) and the usage. */
export const uploadsResourceModule: FastifyPluginAsync = async (app) => {
  await app.register(resourcePlugin(uploadsBindingOf(app.config), uploadUsageRoute))
}
