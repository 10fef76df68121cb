import type { ResourceDefinition } from '@brokerdesk/shared'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Tx } from '../db/client'
import { AppError } from '../errors'
import { textToStore } from '../i18n/seeded-texts'
import { isTimestampColumn, requireColumn } from './columns'
import { type FieldIssue, invalidFields, issuesOfZod, translateIssues } from './field-errors'
import { isBlank, normalizeInput } from './normalize-input'
import { findNode, lockTree, moveNode, placeNewNode, TreeProblem } from './tree/nested-set'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { uniqueViolationField } from './unique-violation'

export interface SaveRecordOptions {
  tx: Tx
  ctx: ResourceContext
  binding: ResourceBinding
  input: unknown
  /** The stored row being updated; absent on create. */
  existing?: Row
  /** An explicit id for a new record (an imported row that names one). */
  id?: number
}

/** The schema running a definition's cross-field checks, built once per definition (an import validates thousands of rows). */
const refineSchemas = new WeakMap<ResourceDefinition, z.ZodType>()

function refineSchemaOf(definition: ResourceDefinition): z.ZodType | undefined {
  const refine = definition.refine
  if (!refine) return undefined
  let schema = refineSchemas.get(definition)
  if (!schema) {
    schema = z.unknown().superRefine((value, refineCtx) => refine(value as Row, refineCtx))
    refineSchemas.set(definition, schema)
  }
  return schema
}

/**
 * The input checked against the definition's rules (every field on create, the given ones on
 * update): the values to store, or every issue found. `referenced`: the reference and link fields
 * of the input that are well-formed ids, so their records can be looked up even when other fields
 * are wrong, and a row hears of every mistake at once.
 */
export function checkInput(options: Pick<SaveRecordOptions, 'ctx' | 'binding' | 'input' | 'existing'>): {
  values?: Row
  issues: FieldIssue[]
  referenced: Row
} {
  const { binding, existing } = options
  const definition = binding.definition
  const raw = normalizeInput(definition, options.input)
  if (existing) delete raw.id
  const issues: FieldIssue[] = []
  const candidate = existing ? raw : { ...definition.defaults, ...raw }
  for (const field of definition.fieldList) {
    if (field.required && (!existing || field.name in raw) && isBlank(candidate[field.name])) {
      issues.push({ field: field.name, key: 'validations.messages.required' })
    }
  }
  const blank = new Set(issues.map((issue) => issue.field))
  const parsed = existing
    ? definition.update.safeParse(raw)
    : definition.create.safeParse({ ...definition.defaults, ...raw })
  if (!parsed.success)
    issues.push(...issuesOfZod(parsed.error.issues).filter((issue) => !blank.has(issue.field)))
  if (issues.length > 0 || !parsed.success) return { issues, referenced: wellFormedIds(binding, raw, issues) }
  const data = parsed.data as Row
  const values = existing ? Object.fromEntries(Object.keys(raw).map((key) => [key, data[key]])) : data

  const refineSchema = refineSchemaOf(definition)
  if (refineSchema) {
    const merged = existing ? { ...existing, ...values } : values
    const result = refineSchema.safeParse(merged)
    if (!result.success) {
      const refined = issuesOfZod(result.error.issues)
      return { issues: refined, referenced: wellFormedIds(binding, values, refined) }
    }
  }
  return { values, issues: [], referenced: values }
}

/** The reference and link fields of `raw` holding well-formed ids, but for fields already found wrong. */
function wellFormedIds(binding: ResourceBinding, raw: Row, issues: readonly FieldIssue[]): Row {
  const wrong = new Set(issues.map((issue) => issue.field))
  const isId = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0
  const ids: Row = {}
  for (const field of Object.keys(binding.references ?? {}))
    if (!wrong.has(field) && isId(raw[field])) ids[field] = raw[field]
  for (const field of Object.keys(binding.links ?? {})) {
    const value = raw[field]
    if (!wrong.has(field) && Array.isArray(value) && value.every(isId)) ids[field] = value
  }
  return ids
}

/** Validates the input against the definition's rules: every field on create, the given ones on update. */
export function validate(options: Pick<SaveRecordOptions, 'ctx' | 'binding' | 'input' | 'existing'>): Row {
  const checked = checkInput(options)
  if (!checked.values) throw invalidFields(options.ctx.language, checked.issues, options.binding.definition)
  return checked.values
}

/**
 * What is wrong with the references and links of several rows' values, row by row: referenced and
 * linked records must exist and be live. One query for all the fields and all the rows (an
 * import's chunk): each field's wanted ids looked up in its table, the parts joined by union all.
 */
export async function referenceIssues(
  tx: Tx,
  binding: ResourceBinding,
  rows: readonly Row[],
): Promise<FieldIssue[][]> {
  const issues: FieldIssue[][] = rows.map(() => [])
  const referenceIdOf = (field: string) => (values: Row) => (field in values ? Number(values[field] ?? 0) : 0)
  const linkIdsOf = (field: string) => (values: Row) => (values[field] as number[] | undefined) ?? []
  const checks = [
    ...Object.entries(binding.references ?? {}).map(([field, rule]) => {
      const idOf = referenceIdOf(field)
      const wanted = [...new Set(rows.map(idOf).filter((id) => id > 0))]
      const missing = (values: Row, live: Set<number>) => {
        const id = idOf(values)
        return id > 0 && !live.has(id)
      }
      return { field, table: rule.table, wanted, missing }
    }),
    ...Object.entries(binding.links ?? {}).map(([field, link]) => {
      const idsOf = linkIdsOf(field)
      const wanted = [...new Set(rows.flatMap(idsOf))]
      // A repeated id counts as missing, as when the found rows were counted against the ids.
      const missing = (values: Row, live: Set<number>) => {
        const ids = idsOf(values)
        return ids.some((id) => !live.has(id)) || new Set(ids).size !== ids.length
      }
      return { field, table: link.targetTable, wanted, missing }
    }),
  ].filter((check) => check.wanted.length > 0)
  if (checks.length === 0) return issues
  const parts = checks.map((check, index) => {
    const idColumn = requireColumn(check.table, 'id')
    const live = and(inArray(idColumn, check.wanted), isNull(requireColumn(check.table, 'deleted_at')))
    return sql`select ${sql.raw(String(index))} as "check", ${idColumn} as "id" from ${check.table} where ${live}`
  })
  const found = (await tx.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { check: number; id: number }[]
  }
  const live = checks.map(() => new Set<number>())
  for (const row of found.rows) live[Number(row.check)].add(Number(row.id))
  checks.forEach((check, index) => {
    rows.forEach((values, i) => {
      if (check.missing(values, live[index]))
        issues[i].push({ field: check.field, key: 'validations.messages.exists' })
    })
  })
  return issues
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

/** Values as the columns take them: date-times as Date, links set aside. */
export function toColumnValues(binding: ResourceBinding, values: Row): { columns: Row; links: Row } {
  const columns: Row = {}
  const links: Row = {}
  for (const [field, value] of Object.entries(values)) {
    if (binding.links?.[field]) links[field] = value
    else if (isTimestampColumn(requireColumn(binding.table, field)) && typeof value === 'string') {
      columns[field] = new Date(value)
    } else columns[field] = value
  }
  return { columns, links }
}

/** A record as a save left it. */
export interface SavedRecord {
  id: number
  /** The stored row as the INSERT or UPDATE returned it (before the binding's `afterWrite`). */
  row: Row
  /** The many-to-many fields the save replaced, each with the ids it now links to, in order. */
  links: Row
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
  try {
    if (existing) {
      const set = Object.keys(columns).length > 0 ? columns : { updated_at: new Date() }
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
  return { id, row, links: savedLinks }
}
