import { MAX_BULK_ROWS, type ResourceDefinition } from '@brokerdesk/shared'
import { and, inArray, type SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { setStatementTimeout } from '../db/statement-timeout'
import type { RecordLogEntry } from '../operation-log/write-operation-log'
import { buildFilterConditions } from './build-filters'
import { toColumnValues } from './column-values'
import { readRecordId, requireColumn } from './columns'
import { type FieldIssue, invalidFields, issuesOfZod, translateIssues } from './field-errors'
import { normalizeInput } from './normalize-input'
import type { QueryParams } from './parse-list-query'
import { diffRecords, readStoredStates, type StoredState } from './record-changes'
import { runWrite } from './run-write'
import { checkUpdates } from './save-record'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { uniqueViolationField } from './unique-violation'
import { enqueueRecordEvents } from './webhook-outbox'
import { loggedInput, maskChanges } from './write-records'

/** Records one statement of a bulk edit writes (its UPDATE, its links, its webhook bodies). */
const CHUNK = 1000

/** A bulk edit's answer: how many records it changed, and why each of the others was left alone. */
export interface BulkUpdateResult {
  updated: number
  errors: { id: number; errors: Record<string, string[]> }[]
}

/** What a bulk edit body asks: which records (ids, or the list filters of a query) and the values. */
interface BulkRequest {
  ids?: number[]
  filter?: QueryParams
  values: Row
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The fields a bulk edit of this resource may set. */
export const bulkFieldsOf = (definition: ResourceDefinition): string[] =>
  definition.fieldList.filter((field) => field.bulk).map((field) => field.name)

/** A filter's value as a query parameter: text, a number or a flag, or a list of those. */
function queryValue(value: unknown): string | string[] | undefined {
  const one = (item: unknown) =>
    typeof item === 'string'
      ? item
      : typeof item === 'number' || typeof item === 'boolean'
        ? String(item)
        : undefined
  if (!Array.isArray(value)) return one(value)
  const list = value.map(one)
  return list.every((item) => item !== undefined) && list.length <= MAX_BULK_ROWS
    ? (list as string[])
    : undefined
}

/** Reads the body `{ids | filter, values}`; everything wrong with its shape is one 422. */
function readBulkRequest(binding: ResourceBinding, ctx: ResourceContext, body: unknown): BulkRequest {
  const definition = binding.definition
  const issues: FieldIssue[] = []
  const { ids, filter, values } = isPlainObject(body) ? body : {}
  const request: BulkRequest = { values: {} }
  if ((ids === undefined) === (filter === undefined)) {
    issues.push({ field: 'ids', key: 'resource.bulk_target' })
  } else if (ids !== undefined) {
    const read = Array.isArray(ids) ? ids.map(readRecordId) : []
    if (read.length > MAX_BULK_ROWS)
      issues.push({ field: 'ids', key: 'resource.bulk_too_many', params: { max: MAX_BULK_ROWS } })
    else if (read.length === 0 || read.some((id) => id === undefined))
      issues.push({ field: 'ids', key: 'validations.messages.array' })
    else request.ids = [...new Set(read as number[])]
  } else if (!isPlainObject(filter)) {
    issues.push({ field: 'filter', key: 'validations.messages.default' })
  } else {
    const names = new Set(definition.filters.map((one) => one.name))
    const query: QueryParams = {}
    for (const [name, value] of Object.entries(filter)) {
      const read = queryValue(value)
      if (!names.has(name)) issues.push({ field: 'filter', key: 'resource.unknown_filter', params: { name } })
      else if (read === undefined) issues.push({ field: 'filter', key: 'validations.messages.default' })
      else query[name] = read
    }
    request.filter = query
  }
  const allowed = bulkFieldsOf(definition)
  const keys = isPlainObject(values) ? Object.keys(values) : []
  if (keys.length === 0 || keys.some((key) => !allowed.includes(key)))
    issues.push({ field: 'values', key: 'resource.bulk_values', params: { fields: allowed.join(', ') } })
  else {
    // A value no record may take is the request's fault, not each record's.
    const parsed = definition.update.safeParse(normalizeInput(definition, values))
    if (parsed.success) request.values = values as Row
    else issues.push(...issuesOfZod(parsed.error.issues))
  }
  if (issues.length > 0) throw invalidFields(ctx.language, issues, definition)
  return request
}

/** The condition choosing the records: the ids, or the list filters (422 for a value that does not fit). */
function targetOf(binding: ResourceBinding, ctx: ResourceContext, request: BulkRequest): SQL | undefined {
  if (request.ids) return inArray(requireColumn(binding.table, 'id'), request.ids)
  const issues: FieldIssue[] = []
  const conditions = buildFilterConditions(binding, request.filter ?? {}, issues, ctx.language)
  if (issues.length > 0) throw invalidFields(ctx.language, issues, binding.definition)
  return and(...conditions)
}

function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += CHUNK) chunks.push(items.slice(start, start + CHUNK))
  return chunks
}

/** Rows to store with the same values: one UPDATE (per chunk) for them all. */
interface Group {
  columns: Row
  links: Row
  rows: { state: StoredState; values: Row }[]
}

/** Replaces the links of these records, every one to the same targets: one delete and one insert per field. */
async function replaceLinks(tx: Tx, binding: ResourceBinding, ids: number[], links: Row): Promise<void> {
  for (const [field, targets] of Object.entries(links)) {
    const link = binding.links?.[field]
    if (!link) continue
    await tx.delete(link.table).where(inArray(link.ownerColumn, ids))
    const pairs = ids.flatMap((id) =>
      (targets as number[]).map((target) => ({
        [link.ownerColumn.name]: id,
        [link.targetColumn.name]: target,
      })),
    )
    for (const part of chunksOf(pairs)) await tx.insert(link.table).values(part as never)
  }
}

/**
 * Stores a group's values on its rows in chunks of set-based statements; answers each row's state
 * after the write (the UPDATE's returned row, the links as written), by id.
 */
async function storeGroup(
  tx: Tx,
  ctx: ResourceContext,
  binding: ResourceBinding,
  group: Group,
): Promise<Map<number, StoredState>> {
  const idColumn = requireColumn(binding.table, 'id')
  const set = Object.keys(group.columns).length > 0 ? group.columns : { updated_at: new Date() }
  const sortedLinks = Object.fromEntries(
    Object.entries(group.links).map(([field, ids]) => [field, [...(ids as number[])].sort((a, b) => a - b)]),
  )
  const after = new Map<number, StoredState>()
  for (const part of chunksOf(group.rows)) {
    const ids = part.map(({ state }) => state.row.id as number)
    let returned: Row[]
    try {
      returned = (await tx
        .update(binding.table)
        .set(set as never)
        .where(inArray(idColumn, ids))
        .returning()) as Row[]
    } catch (error) {
      const field = uniqueViolationField(error, binding)
      if (!field) throw error
      throw invalidFields(ctx.language, [{ field, key: 'validations.messages.unique' }], binding.definition)
    }
    await replaceLinks(tx, binding, ids, sortedLinks)
    const byId = new Map(returned.map((row) => [row.id as number, row]))
    for (const { state, values } of part) {
      const id = state.row.id as number
      await binding.afterWrite?.(id, values, { tx, ctx, mode: 'update', existing: state.row })
      after.set(id, { row: byId.get(id) ?? state.row, links: { ...state.links, ...sortedLinks } })
    }
  }
  return after
}

/** The rows' values grouped by what is stored, so rows given the same values share their statements. */
function groupRows(binding: ResourceBinding, rows: { state: StoredState; values: Row }[]): Group[] {
  const groups = new Map<string, Group>()
  for (const row of rows) {
    const { columns, links } = toColumnValues(binding, row.values)
    const key = JSON.stringify([columns, links])
    const group = groups.get(key) ?? { columns, links, rows: [] }
    group.rows.push(row)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/**
 * A bulk edit (`PUT /admin/<name>/bulk`, body `{ids | filter, values}`): sets the given bulk-editable
 * fields on the records of the ids, or on every record the list filters of `filter` match (what the
 * list shows), within the caller's scope, at most MAX_BULK_ROWS (422 beyond, nothing changed). Each
 * record is checked by the rules of a single update against its own stored row; one that fails
 * them, or that is absent or out of scope, is left alone and named in `errors`. The others are
 * written in one transaction by set-based statements in chunks, each logged as its single update
 * would be (before and after, so its history shows it) and told to webhooks as `updated`.
 */
export async function updateInBulk(options: {
  ctx: ResourceContext
  binding: ResourceBinding
  body: unknown
  statementTimeoutMs: number
}): Promise<BulkUpdateResult> {
  const { ctx, binding } = options
  const request = readBulkRequest(binding, ctx, options.body)
  const where = and(targetOf(binding, ctx, request), await binding.scope?.(ctx))
  const parameters = {
    ...(request.ids ? { ids: request.ids } : { filter: request.filter }),
    values: request.values,
  }
  return runWrite(ctx, parameters, async (tx, log) => {
    await setStatementTimeout(tx, options.statementTimeoutMs)
    const states = await readStoredStates(tx, binding, where, MAX_BULK_ROWS + 1)
    if (states.length > MAX_BULK_ROWS) {
      const params = { max: MAX_BULK_ROWS }
      throw invalidFields(
        ctx.language,
        [{ field: 'filter', key: 'resource.bulk_too_many', params }],
        binding.definition,
      )
    }
    const checked = await checkUpdates({
      tx,
      ctx,
      binding,
      input: request.values,
      rows: states.map((s) => s.row),
    })
    const errors: BulkUpdateResult['errors'] = []
    const found = new Set(states.map((state) => state.row.id as number))
    const notFound = translateIssues(ctx.language, [{ field: 'id', key: 'resource.bulk_not_found' }])
    for (const id of request.ids ?? []) if (!found.has(id)) errors.push({ id, errors: notFound })
    const valid: Group['rows'] = []
    states.forEach((state, index) => {
      const one = checked[index]
      if (one.values) valid.push({ state, values: one.values })
      else errors.push({ id: state.row.id as number, errors: one.errors })
    })
    const after = new Map<number, StoredState>()
    for (const group of groupRows(binding, valid))
      for (const [id, state] of await storeGroup(tx, ctx, binding, group)) after.set(id, state)
    const ids = valid.map(({ state }) => state.row.id as number)
    const reread = binding.afterWrite
      ? await readStoredStates(tx, binding, inArray(requireColumn(binding.table, 'id'), ids), ids.length)
      : []
    for (const state of reread) after.set(state.row.id as number, state)
    log.entries = valid.map(({ state }): RecordLogEntry => {
      const id = state.row.id as number
      const written = after.get(id) as StoredState
      const changes = diffRecords({ ...state.row, ...state.links }, { ...written.row, ...written.links })
      return {
        parameters: loggedInput(binding, { id, ...request.values }, state.row),
        changes: maskChanges(binding, changes, state.row),
        record: { resource: binding.definition.name, id },
      }
    })
    await enqueueRecordEvents(tx, binding, { action: 'updated', ids, language: ctx.language })
    return { updated: valid.length, errors: errors.sort((a, b) => a.id - b.id) }
  })
}
