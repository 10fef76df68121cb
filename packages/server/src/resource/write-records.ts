import { and, inArray } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { AppError, notFound } from '../errors'
import { buildFilters } from './build-filters'
import { requireColumn } from './columns'
import { translateIssues } from './field-errors'
import { findRecord, presentUpdatedRecord } from './find-record'
import { diffRecords, type FieldChanges, readStoredState } from './record-changes'
import { runWrite } from './run-write'
import { saveRecord } from './save-record'
import { pageColumnsAfterUpdate } from './select-rows'
import { detachLeaf, findNode, hasChildren, lockTree } from './tree/nested-set'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { enqueueWebhookEvents, webhookEvent } from './webhook-outbox'

export interface WriteOptions {
  ctx: ResourceContext
  binding: ResourceBinding
}

/** What the operation log keeps of a write's input: the binding may mask what the field names cannot tell. */
export function loggedInput(binding: ResourceBinding, input: unknown, stored?: Row): unknown {
  if (!binding.logParameters || !input || typeof input !== 'object' || Array.isArray(input)) return input
  return binding.logParameters(input as Row, stored)
}

/** Changed fields as the log keeps them: the binding masks what it masks in the input, before and after. */
export function maskChanges(binding: ResourceBinding, changes: FieldChanges, stored: Row): FieldChanges {
  const mask = binding.logParameters
  if (!mask) return changes
  const one = (field: string, value: unknown) => mask({ [field]: value }, stored)[field]
  return Object.fromEntries(
    Object.entries(changes).map(([field, { before, after }]) => [
      field,
      { before: one(field, before), after: one(field, after) },
    ]),
  )
}

/** Creates a record (and its log entry) and answers it. */
export async function createRecord(options: WriteOptions & { input: unknown }): Promise<Row> {
  const { ctx, binding, input } = options
  return runWrite(ctx, loggedInput(binding, input), async (tx, log) => {
    const { id } = await saveRecord({ tx, ctx, binding, input })
    log.record = { resource: binding.definition.name, id }
    const record = await findRecord(tx, binding, id, ctx.language)
    log.event = webhookEvent({ resource: binding.definition.name, action: 'created', records: [record] })
    return record
  })
}

/**
 * Updates the given fields of a live record (and logs it) and answers it; 404 when there is none or
 * it is outside the caller's scope. The log entry keeps the fields that changed, before and after:
 * the state before is read with the row's lock (links included, one statement), the state after is
 * what the UPDATE returned with the links the save wrote, read again only when the binding's
 * `afterWrite` may have changed it. The record answered comes from the UPDATE's own statement when
 * nothing is written after it (no links, no `afterWrite`) and its page columns read other tables
 * only; else it is read after. Every statement is a round trip inside the held lock. `logged` adds
 * to what the log keeps of the parameters (a restore: the entry restored from).
 */
export async function updateRecord(
  options: WriteOptions & { id: number; input: unknown; logged?: Row },
): Promise<Row> {
  const { ctx, binding, id, input } = options
  const scope = await binding.scope?.(ctx)
  let existing: Row | undefined
  const parameters = () => loggedInput(binding, { id, ...(input as object), ...options.logged }, existing)
  return runWrite(ctx, parameters, async (tx, log) => {
    const stored = await readStoredState(tx, binding, id, { lock: true, scope })
    if (!stored) throw notFound()
    existing = stored.row
    log.record = { resource: binding.definition.name, id }
    const pageColumns = binding.afterWrite ? undefined : pageColumnsAfterUpdate(binding)
    const saved = await saveRecord({ tx, ctx, binding, input, existing, pageColumns })
    const after = binding.afterWrite
      ? await readStoredState(tx, binding, id)
      : { row: saved.row, links: { ...stored.links, ...saved.links } }
    const before = { ...stored.row, ...stored.links }
    log.changes = maskChanges(binding, diffRecords(before, { ...after?.row, ...after?.links }), existing)
    const record = saved.page
      ? await presentUpdatedRecord(tx, binding, saved.page, ctx.language)
      : await findRecord(tx, binding, id, ctx.language)
    log.event = webhookEvent({ resource: binding.definition.name, action: 'updated', records: [record] })
    return record
  })
}

/** Soft-deletes rows (or removes them the binding's way) inside a transaction, and queues their webhook events; a tree node with live children is refused. */
export async function softDeleteRows(tx: Tx, options: WriteOptions, rows: Row[]): Promise<number> {
  const { ctx, binding } = options
  if (rows.length === 0) return 0
  const deleted = { resource: binding.definition.name, action: 'deleted' as const, records: rows }
  await binding.beforeDelete?.(rows, { tx, ctx })
  if (binding.removeRows) {
    await binding.removeRows(rows, { tx, ctx })
    return rows.length
  }
  if (binding.definition.tree) {
    await lockTree(tx, binding.table)
    // Deepest first, so a node deleted together with all its children is a leaf by its turn.
    for (const row of [...rows].sort((a, b) => Number(b.level) - Number(a.level))) {
      if (await hasChildren(tx, binding.table, row.id as number)) {
        const params = { name: String(row.name ?? row.id) }
        const errors = translateIssues(ctx.language, [{ field: 'ids', key: 'tree.has_children', params }])
        throw new AppError('validation', 'tree.has_children', { params, errors })
      }
      const node = await findNode(tx, binding.table, row.id as number)
      if (node) await detachLeaf(tx, binding.table, node)
      await tx
        .update(binding.table)
        .set({ deleted_at: new Date() } as never)
        .where(inArray(requireColumn(binding.table, 'id'), [row.id as number]))
    }
    await enqueueWebhookEvents(tx, deleted)
    return rows.length
  }
  await tx
    .update(binding.table)
    .set({ deleted_at: new Date() } as never)
    .where(
      inArray(
        requireColumn(binding.table, 'id'),
        rows.map((row) => row.id as number),
      ),
    )
  await enqueueWebhookEvents(tx, deleted)
  return rows.length
}

/**
 * Soft-deletes the live records of these ids (body `{ids}`) within the caller's scope and answers
 * how many; ids outside it are left alone like ids of no record.
 */
export async function deleteRecords(options: WriteOptions & { ids: number[] }): Promise<{ deleted: number }> {
  const { ctx, binding, ids } = options
  const scope = await binding.scope?.(ctx)
  return runWrite(ctx, { ids }, async (tx) => {
    const where = and(buildFilters(binding, {}, []), inArray(requireColumn(binding.table, 'id'), ids), scope)
    const rows = (await tx.select().from(binding.table).where(where).for('update')) as Row[]
    return { deleted: await softDeleteRows(tx, options, rows) }
  })
}
