import type { Tx } from '../../db/client'
import { rawTxQuery } from '../../db/raw-query'
import { type FieldIssue, invalidFields } from '../../resource/field-errors'
import type { Row, WriteArgs } from '../../resource/types'

type LevelAndParent = { level: number; parent_id: number } | undefined

/** Classifications read within a transaction (an import checks hundreds of rows naming the same few): id → the read that has it. */
const readInTransaction = new WeakMap<Tx, Map<number, Promise<Map<number, LevelAndParent>>>>()

/** The level and parent of the live classifications of the ids $1: a named statement of fixed text. */
const LEVELS_AND_PARENTS = `select "id", "level", "parent_id" from "classifys"
  where "id" = any($1::bigint[]) and "deleted_at" is null`

/**
 * The level and parent of classification `id`, read once per transaction; when it is not read yet,
 * those of every classification `batch` names are read with it, in one query.
 */
async function levelAndParent(tx: Tx, id: number, batch: readonly Row[] = []): Promise<LevelAndParent> {
  const reads = readInTransaction.get(tx) ?? new Map<number, Promise<Map<number, LevelAndParent>>>()
  readInTransaction.set(tx, reads)
  let read = reads.get(id)
  if (!read) {
    const named = batch.flatMap((values) => [Number(values.classify_id), Number(values.classify2_id)])
    const wanted = [...new Set([id, ...named])].filter((one) => Number.isInteger(one) && !reads.has(one))
    read = rawTxQuery(tx, 'classify_levels_and_parents', LEVELS_AND_PARENTS, [wanted]).then(
      (rows) =>
        new Map(
          rows.map((row) => [Number(row.id), { level: Number(row.level), parent_id: Number(row.parent_id) }]),
        ),
    )
    // A failure is met by whoever awaits it (the rows whose turn has not come never do).
    read.catch(() => undefined)
    for (const one of wanted) reads.set(one, read)
  }
  return (await read).get(id)
}

/**
 * A product's first classification must be a first-level one, and its second classification a
 * child of the first.
 */
export async function checkProductClassifys(values: Row, args: WriteArgs): Promise<Row> {
  if (!('classify_id' in values) && !('classify2_id' in values)) return values
  const merged = { ...args.existing, ...values }
  const first = Number(merged.classify_id)
  const second = Number(merged.classify2_id)
  const issues: FieldIssue[] = []
  const firstRow = await levelAndParent(args.tx, first, args.batch)
  if (firstRow && firstRow.level !== 1) issues.push({ field: 'classify_id', key: 'products.classify_level' })
  const secondRow = await levelAndParent(args.tx, second, args.batch)
  if (secondRow && secondRow.parent_id !== first)
    issues.push({ field: 'classify2_id', key: 'products.classify2_parent' })
  if (issues.length > 0) throw invalidFields(args.ctx.language, issues)
  return values
}
