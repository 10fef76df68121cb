import {
  MAX_BULK_ROWS,
  MAX_SKIPPED_ROWS,
  type ResourceAction,
  type ResourceDefinition,
} from '@brokerdesk/shared'
import { and, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { z } from 'zod'
import type { Db } from '../db/client'
import { setStatementTimeout } from '../db/statement-timeout'
import { notFound } from '../errors'
import { LARGE_BODY_LIMIT } from '../plugins/input-hygiene'
import { bulkFieldsOf, updateInBulk } from './bulk-update'
import { columnOf, readRecordId, requireColumn } from './columns'
import { contextOf } from './context'
import { exportRecords } from './export-records'
import { invalidFields } from './field-errors'
import { findRecord, newRecord } from './find-record'
import { importRecords } from './import-records'
import { listRecords } from './list-records'
import { buildPageData } from './page-data'
import type { QueryParams } from './parse-list-query'
import { recordHistory, restoreRecord } from './record-history'
import type { ResourceBinding } from './types'
import { createRecord, deleteRecords, updateRecord } from './write-records'

/**
 * The engine validates input itself, so that its 422s name fields and speak the caller's
 * language; the zod schemas on the routes document them (OpenAPI) without validating twice.
 */
const documentOnly = () => (data: unknown) => ({ value: data })

/** Route options that document a route under the resource's tag. */
export function documented(
  definition: ResourceDefinition,
  summary: string,
  schema: Record<string, z.ZodType> = {},
): RouteShorthandOptions {
  return { schema: { tags: [definition.name], summary, ...schema }, validatorCompiler: documentOnly }
}

/** The list query as the OpenAPI document shows it. */
export function listQuerySchema(definition: ResourceDefinition, options: { export?: boolean } = {}) {
  const filters = Object.fromEntries(
    definition.filters.map((filter) => [
      filter.name,
      z.string().optional().describe(`${filter.kind} filter`),
    ]),
  )
  return z.object({
    page: z
      .string()
      .optional()
      .describe(
        `page number, default 1; by number only within the first ${MAX_SKIPPED_ROWS} rows (422 beyond)`,
      ),
    per_page: z.string().optional().describe('page size'),
    sort: z
      .string()
      .optional()
      .describe(`field or -field, one of: ${definition.sorts.join(', ')}`),
    get_count: z.string().optional().describe('1: count the total'),
    ...(options.export
      ? {}
      : {
          after: z.string().optional().describe('the page after the row with this id (keyset paging)'),
          before: z.string().optional().describe('the page before the row with this id (keyset paging)'),
          last: z.string().optional().describe('1: the last page (keyset paging)'),
          skip: z
            .string()
            .optional()
            .describe(
              `rows skipped beyond after/before, or from the end with last=1 (at most ${MAX_SKIPPED_ROWS})`,
            ),
        }),
    ...(options.export
      ? {
          max_id: z.string().optional().describe('the last id of the previous page'),
          layout: z.string().optional().describe('arrays: each row an array of the values of `columns`'),
        }
      : {}),
    ...(definition.tree ? { tree: z.string().optional().describe('1: every node, nested') } : {}),
    ...filters,
  })
}

const ZId = z.object({ id: z.string() })

/** A record id from the path: a positive integer, or 404. */
export function parseId(raw: string): number {
  const id = readRecordId(raw)
  if (id === undefined) throw notFound()
  return id
}

/** The `ids` of a delete body: a non-empty list (or one) of record ids, at most 1000. */
export function parseIds(request: FastifyRequest): number[] {
  const raw = (request.body as { ids?: unknown } | undefined)?.ids
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]
  const ids = list.map(readRecordId)
  if (ids.length === 0 || ids.length > 1000 || ids.some((id) => id === undefined)) {
    throw invalidFields(request.language, [{ field: 'ids', key: 'validations.messages.array' }])
  }
  return [...new Set(ids as number[])]
}

const queryOf = (request: FastifyRequest) => request.query as QueryParams

const scopeOf = (binding: ResourceBinding, request: FastifyRequest) => binding.scope?.(contextOf(request))

async function isInScope(db: Db, binding: ResourceBinding, id: number, scope: SQL): Promise<boolean> {
  const idColumn = requireColumn(binding.table, 'id')
  const found = await db
    .select({ id: idColumn })
    .from(binding.table)
    .where(and(eq(idColumn, id), scope))
  return found.length > 0
}

/** The sortable fields never empty: a page by position (`after`, `before`) can follow them. */
function positionSorts(binding: ResourceBinding): string[] {
  return binding.definition.sorts.filter((field) => columnOf(binding.table, field)?.notNull === true)
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes only through the engine's transactions (runWrite), whose log entries tell
     * whether they changed what the processes keep of their callers (`request.authChangedByWrite`).
     */
    writesThroughEngine?: boolean
  }
}

const engineWrite = { writesThroughEngine: true }

/** Whether the resource's definition offers an action. */
const offers = (binding: ResourceBinding, action: ResourceAction) =>
  binding.definition.actions.includes(action)

/** The reads of many records: the page data, the list and the export's pages. */
function registerReadRoutes(app: FastifyInstance, binding: ResourceBinding): void {
  const definition = binding.definition
  const base = definition.url
  const has = (action: ResourceAction) => offers(binding, action)
  app.get(base, documented(definition, 'Page data: fields, options, allowed actions'), (request) =>
    buildPageData({
      ctx: contextOf(request),
      definition,
      defaults: newRecord(binding),
      pageOptions: binding.pageOptions,
      positionSorts: positionSorts(binding),
    }),
  )
  if (has('list')) {
    app.get(
      `${base}/list`,
      documented(definition, 'List', { querystring: listQuerySchema(definition) }),
      async (request) => {
        const scope = await scopeOf(binding, request)
        // The replica when there is one and it has this caller's last write (db/replica.ts).
        return request.readDb((db) =>
          listRecords({
            db,
            binding,
            query: queryOf(request),
            language: request.language,
            scope,
            searchTimeoutMs: app.config.databaseTimeouts.searchStatementMs,
          }),
        )
      },
    )
  }
  if (has('export')) {
    app.get(
      `${base}/excel`,
      documented(definition, 'Export page', { querystring: listQuerySchema(definition, { export: true }) }),
      async (request) => {
        const scope = await scopeOf(binding, request)
        return request.readDb((db) =>
          db.transaction(async (tx) => {
            await setStatementTimeout(tx, app.config.databaseTimeouts.transferStatementMs)
            return exportRecords({
              db: tx,
              binding,
              query: queryOf(request),
              language: request.language,
              scope,
            })
          }),
        )
      },
    )
  }
}

/** The import of rows, in chunks (import-records.ts). */
function registerImportRoute(app: FastifyInstance, binding: ResourceBinding): void {
  const definition = binding.definition
  const base = definition.url
  const has = (action: ResourceAction) => offers(binding, action)
  if (has('import')) {
    app.post(
      `${base}/import`,
      {
        ...documented(definition, 'Import rows', {
          body: z.object({
            datas: z.array(definition.create.partial()),
            key: z
              .string()
              .optional()
              .describe('the chunk key: a chunk sent again with the same key gets its first answer'),
          }),
        }),
        bodyLimit: LARGE_BODY_LIMIT,
        config: { checksTextsPerRow: true, writesThroughEngine: true },
      },
      (request) => {
        const body = request.body as { datas?: unknown; key?: unknown } | undefined
        return importRecords({
          ctx: contextOf(request),
          binding,
          datas: body?.datas,
          key: body?.key,
          statementTimeoutMs: app.config.databaseTimeouts.transferStatementMs,
        })
      },
    )
  }
}

/** One record: shown, its timeline, restored to a point of it. */
function registerRecordRoutes(app: FastifyInstance, binding: ResourceBinding): void {
  const definition = binding.definition
  const base = definition.url
  const has = (action: ResourceAction) => offers(binding, action)
  if (has('show')) {
    app.get(
      `${base}/:id`,
      documented(definition, 'One record; id "create" or 0 answers a new record', { params: ZId }),
      async (request) => {
        const { id } = request.params as { id: string }
        if (id === 'create' || id === '0') return { row: newRecord(binding) }
        const recordId = parseId(id)
        const scope = await scopeOf(binding, request)
        if (scope && !(await isInScope(app.db, binding, recordId, scope))) throw notFound()
        return { row: await findRecord(app.db, binding, recordId, request.language) }
      },
    )
  }
  if (has('show')) {
    app.get(
      `${base}/:id/history`,
      {
        ...documented(definition, "The record's timeline from the operation log, newest first", {
          params: ZId,
        }),
        // Whoever may see the record may see its history.
        config: { heldAs: { url: `${base}/{id}`, method: 'GET' } },
      },
      async (request) =>
        recordHistory({
          db: app.db,
          binding,
          id: parseId((request.params as { id: string }).id),
          scope: await scopeOf(binding, request),
          language: request.language,
        }),
    )
  }
  if (has('update')) {
    app.post(
      `${base}/:id/restore`,
      {
        ...documented(definition, 'Restore the record to how it was after one of its log entries', {
          params: ZId,
          body: z.object({ log_id: z.number().int() }),
        }),
        // An ordinary update: held, scoped and logged as the record's update.
        config: { heldAs: { url: `${base}/{id}`, method: 'PUT' }, writesThroughEngine: true },
      },
      async (request) => {
        const id = parseId((request.params as { id: string }).id)
        const logId = (request.body as { log_id?: unknown } | undefined)?.log_id
        return { row: await restoreRecord({ ctx: contextOf(request), binding, id, logId }) }
      },
    )
  }
}

/** The bulk edit of the fields the definition lets many records share. */
function registerBulkUpdateRoute(app: FastifyInstance, binding: ResourceBinding): void {
  const definition = binding.definition
  const base = definition.url
  const has = (action: ResourceAction) => offers(binding, action)
  if (has('update') && bulkFieldsOf(definition).length > 0) {
    app.put(
      `${base}/bulk`,
      {
        ...documented(
          definition,
          'Set bulk-editable fields on the records of ids, or on all a filter matches',
          {
            body: z.object({
              ids: z.array(z.number().int()).max(MAX_BULK_ROWS).optional().describe('the records; or filter'),
              filter: z
                .record(z.string(), z.union([z.string(), z.array(z.string())]))
                .optional()
                .describe(
                  `the list's filters: every record they match, at most ${MAX_BULK_ROWS} (422 beyond)`,
                ),
              values: definition.update.pick(
                Object.fromEntries(bulkFieldsOf(definition).map((field) => [field, true])) as never,
              ),
            }),
          },
        ),
        // Each record's update: held, scoped and logged as the record's update.
        config: { heldAs: { url: `${base}/{id}`, method: 'PUT' }, writesThroughEngine: true },
      },
      (request) =>
        updateInBulk({
          ctx: contextOf(request),
          binding,
          body: request.body,
          statementTimeoutMs: app.config.databaseTimeouts.transferStatementMs,
        }),
    )
  }
}

/** The single writes: create, update, soft-delete. */
function registerWriteRoutes(app: FastifyInstance, binding: ResourceBinding): void {
  const definition = binding.definition
  const base = definition.url
  const has = (action: ResourceAction) => offers(binding, action)
  if (has('create')) {
    const create = { ...documented(definition, 'Create', { body: definition.create }), config: engineWrite }
    app.post(base, create, async (request, reply) => {
      const row = await createRecord({ ctx: contextOf(request), binding, input: request.body })
      return reply.status(201).send({ row })
    })
  }
  if (has('update')) {
    app.put(
      `${base}/:id`,
      {
        ...documented(definition, 'Update the given fields', { params: ZId, body: definition.update }),
        config: engineWrite,
      },
      async (request) => {
        const id = parseId((request.params as { id: string }).id)
        return { row: await updateRecord({ ctx: contextOf(request), binding, id, input: request.body }) }
      },
    )
  }
  if (has('delete')) {
    app.delete(
      base,
      {
        ...documented(definition, 'Soft-delete records', {
          body: z.object({ ids: z.array(z.number().int()) }),
        }),
        config: engineWrite,
      },
      (request) => deleteRecords({ ctx: contextOf(request), binding, ids: parseIds(request) }),
    )
  }
}

/**
 * Registers a resource's routes under `/admin/<name>` (inside the scope app.ts mounts under /api
 * and /web-api): the page data, and each of the seven actions the definition offers.
 */
export function registerResourceRoutes(app: FastifyInstance, binding: ResourceBinding): void {
  registerReadRoutes(app, binding)
  registerImportRoute(app, binding)
  registerRecordRoutes(app, binding)
  registerBulkUpdateRoute(app, binding)
  registerWriteRoutes(app, binding)
}

/** A module plugin serving one resource, with the module's own routes beside the engine's. */
export function resourcePlugin(
  binding: ResourceBinding,
  extraRoutes?: (app: FastifyInstance) => void,
): FastifyPluginAsync {
  return async (app) => {
    extraRoutes?.(app)
    registerResourceRoutes(app, binding)
  }
}
