import { eq, is, SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { updateRowById } from '../db/raw-query'
import { AppError } from '../errors'
import { textToStore } from '../i18n/seeded-texts'
import { referenceIssues } from './check-references'
import { toColumnValues } from './column-values'
import { requireColumn } from './columns'
import { invalidFields, translateIssues } from './field-errors'
import { findNode, lockTree, moveNode, placeNewNode, TreeProblem } from './tree/nested-set'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { uniqueViolationField } from './unique-violation'
import { checkInput, type InputToCheck, validate } from './validate-input'

export interface SaveRecordOptions extends InputToCheck {
  tx: Tx
  /** An explicit id for a new record (an imported row that names one). */
  id?: number
  /**
   * An update's page columns (`pageColumnsAfterUpdate`): when the save writes no links, its UPDATE
   * answers the record with them too (`SavedRecord.page`), so the record need not be read again.
   */
  pageColumns?: string
}

/**
 * The input's values once valid and their referenced and linked records exist and are live; else a
 * 422 naming every wrong field (the rules' issues and the missing records together).
 */
async function checkedValues(options: SaveRecordOptions): Promise<Row> {
  const checked = checkInput(options)
  const [missing] = await referenceIssues(options.tx, options.binding, [checked.referenced])
  const issues = [...checked.issues, ...missing]
  if (!checked.values || issues.length > 0)
    throw invalidFields(options.ctx.language, issues, options.binding.definition)
  return checked.values
}

/** Places a new node in its tree, or moves an updated one whose parent changed. */
async function placeInTree(options: SaveRecordOptions, values: Row): Promise<void> {
  const { tx, binding, existing } = options
  const { table, definition } = binding
  await lockTree(tx, table)
  try {
    if (!existing) {
      Object.assign(values, await placeNewNode(tx, table, Number(values.parent_id ?? 0), definition.maxLevel))
      return
    }
    if (!('parent_id' in values)) return
    const parentId = Number(values.parent_id)
    delete values.parent_id
    if (parentId === existing.parent_id) return
    const node = await findNode(tx, table, existing.id as number)
    if (node) await moveNode(tx, table, node, parentId, definition.maxLevel)
  } catch (error) {
    if (error instanceof TreeProblem) throw invalidFields(options.ctx.language, [error.issue], definition)
    throw error
  }
}

/** Replaces the links of many-to-many fields; answers each field's ids, in order. */
async function saveLinks(options: SaveRecordOptions, id: number, links: Row): Promise<Row> {
  const saved: Row = {}
  for (const [field, ids] of Object.entries(links)) {
    const link = options.binding.links?.[field]
    if (!link) continue
    await options.tx.delete(link.table).where(eq(link.ownerColumn, id))
    const targets = ids as number[]
    saved[field] = [...targets].sort((a, b) => a - b)
    if (targets.length === 0) continue
    await options.tx
      .insert(link.table)
      .values(
        targets.map((target) => ({ [link.ownerColumn.name]: id, [link.targetColumn.name]: target })) as never,
      )
  }
  return saved
}

/**
 * A seeded text sent back as it was answered (translated) stays the seeded source, so the field
 * keeps following the reader's language; any other text is stored as typed.
 */
function keepSeededTexts(binding: ResourceBinding, ctx: ResourceContext, values: Row, existing?: Row): Row {
  if (!existing || !binding.seeded) return values
  const kept = { ...values }
  for (const rule of binding.seeded) {
    const key = existing[rule.key]
    if (typeof key !== 'string' && typeof key !== 'number') continue
    for (const [field, source] of Object.entries(rule.fields)) {
      if (field in kept)
        kept[field] = textToStore(ctx.language, rule.kind, key, source, kept[field], existing[field])
    }
  }
  return kept
}

/** One row of a bulk edit after the checks: the values to store, or what is wrong with them. */
export type CheckedUpdate =
  | { values: Row; errors?: undefined }
  | { values?: undefined; errors: Record<string, string[]> }

/**
 * The checks of a single update, for the same input given to many stored rows (a bulk edit): each
 * row validated (the field rules and the definition's cross-field checks on the row as it would
 * be), the references of all of them looked up in one query, then the binding's `beforeWrite`
 * with the others as its batch. Answers, row by row, the values to store or the row's field
 * errors; nothing is written.
 */
export async function checkUpdates(
  options: Pick<SaveRecordOptions, 'tx' | 'ctx' | 'binding' | 'input'> & { rows: readonly Row[] },
): Promise<CheckedUpdate[]> {
  const { tx, ctx, binding, input, rows } = options
  const definition = binding.definition
  const failed = (error: unknown): CheckedUpdate => {
    if (error instanceof AppError && error.code === 'validation' && error.errors)
      return { errors: error.errors }
    throw error
  }
  const checked = rows.map((existing): CheckedUpdate => {
    try {
      return { values: keepSeededTexts(binding, ctx, validate({ ctx, binding, input, existing }), existing) }
    } catch (error) {
      return failed(error)
    }
  })
  const valid = checked.flatMap((one) => (one.values ? [one.values] : []))
  const issues = await referenceIssues(tx, binding, valid)
  let next = 0
  for (const [index, one] of checked.entries()) {
    if (!one.values) continue
    const rowIssues = issues[next++]
    if (rowIssues.length > 0)
      checked[index] = { errors: translateIssues(ctx.language, rowIssues, definition) }
  }
  if (!binding.beforeWrite) return checked
  const batch = checked.flatMap((one) => (one.values ? [one.values] : []))
  for (const [index, one] of checked.entries()) {
    if (!one.values) continue
    try {
      const args = { tx, ctx, mode: 'update' as const, existing: rows[index], batch }
      checked[index] = { values: await binding.beforeWrite(one.values, args) }
    } catch (error) {
      checked[index] = failed(error)
    }
  }
  return checked
}

/** A record as a save left it. */
export interface SavedRecord {
  id: number
  /** The stored row as the INSERT or UPDATE returned it (before the binding's `afterWrite`). */
  row: Row
  /** The many-to-many fields the save replaced, each with the ids it now links to, in order. */
  links: Row
  /** The updated row with its page columns, as the driver gave them (see `pageColumns`). */
  page?: Row
}

/**
 * Validates and stores one record inside the caller's transaction: the rules of the definition,
 * references, the binding's checks, the tree position, the links. Answers the stored row.
 * Bad input throws a 422 naming the fields.
 */
export async function saveRecord(options: SaveRecordOptions): Promise<SavedRecord> {
  const { tx, binding, existing, ctx } = options
  const definition = binding.definition
  let values = keepSeededTexts(binding, ctx, await checkedValues(options), existing)
  if (binding.beforeWrite)
    values = await binding.beforeWrite(values, { tx, ctx, mode: existing ? 'update' : 'create', existing })
  if (definition.tree) await placeInTree(options, values)
  const { columns, links } = toColumnValues(binding, values)
  if (!existing && options.id !== undefined) columns.id = options.id

  const idColumn = requireColumn(binding.table, 'id')
  let row: Row
  let page: Row | undefined
  try {
    const set = Object.keys(columns).length > 0 ? columns : { updated_at: new Date() }
    if (existing && Object.values(set).every((value) => !is(value, SQL))) {
      // A named statement for each set of columns (unless a binding gave an SQL expression); it
      // answers the page columns too unless links are written after it.
      const pageColumns = Object.keys(links).length === 0 ? options.pageColumns : undefined
      const updated = await updateRowById(tx, binding.table, existing.id as number, set, pageColumns)
      row = updated?.row as Row
      page = pageColumns === undefined ? undefined : updated?.page
    } else if (existing) {
      ;[row] = (await tx
        .update(binding.table)
        .set(set as never)
        .where(eq(idColumn, existing.id as number))
        .returning()) as Row[]
    } else {
      ;[row] = (await tx
        .insert(binding.table)
        .values(columns as never)
        .returning()) as Row[]
    }
  } catch (error) {
    const field = uniqueViolationField(error, binding)
    if (field) throw invalidFields(ctx.language, [{ field, key: 'validations.messages.unique' }], definition)
    throw error
  }
  const id = row.id as number
  const savedLinks = await saveLinks(options, id, links)
  await binding.afterWrite?.(id, values, { tx, ctx, mode: existing ? 'update' : 'create', existing })
  return { id, row, links: savedLinks, page }
}
