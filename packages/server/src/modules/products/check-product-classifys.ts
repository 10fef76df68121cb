import { and, inArray, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { classifys } from '../../db/schema/index'
import { type FieldIssue, invalidFields } from '../../resource/field-errors'
import type { Row, WriteArgs } from '../../resource/types'

type LevelAndParent = { level: number; parent_id: number } | undefined

/** Classifications read within a transaction (an import checks hundreds of rows naming the same few): id → the read that has it. */
const readInTransaction = new WeakMap<Tx, Map<number, Promise<Map<number, LevelAndParent>>>>()

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
    read = tx
      .select({ id: classifys.id, level: classifys.level, parent_id: classifys.parent_id })
      .from(classifys)
      .where(and(inArray(classifys.id, wanted), isNull(classifys.deleted_at)))
      .then((rows) => new Map(rows.map((row) => [row.id, { level: row.level, parent_id: row.parent_id }])))
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
