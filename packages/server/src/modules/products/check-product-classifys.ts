import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { classifys } from '../../db/schema/index'
import { type FieldIssue, invalidFields } from '../../resource/field-errors'
import type { Row, WriteArgs } from '../../resource/types'

type LevelAndParent = { level: number; parent_id: number } | undefined

/** Classifications read within a transaction (an import checks hundreds of rows naming the same few). */
const readInTransaction = new WeakMap<Tx, Map<number, Promise<LevelAndParent>>>()

function levelAndParent(tx: Tx, id: number): Promise<LevelAndParent> {
  const read = readInTransaction.get(tx) ?? new Map<number, Promise<LevelAndParent>>()
  readInTransaction.set(tx, read)
  let row = read.get(id)
  if (!row) {
    row = tx
      .select({ level: classifys.level, parent_id: classifys.parent_id })
      .from(classifys)
      .where(and(eq(classifys.id, id), isNull(classifys.deleted_at)))
      .then((rows) => rows[0])
    read.set(id, row)
  }
  return row
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
  const firstRow = await levelAndParent(args.tx, first)
  if (firstRow && firstRow.level !== 1) issues.push({ field: 'classify_id', key: 'products.classify_level' })
  const secondRow = await levelAndParent(args.tx, second)
  if (secondRow && secondRow.parent_id !== first)
    issues.push({ field: 'classify2_id', key: 'products.classify2_parent' })
  if (issues.length > 0) throw invalidFields(args.ctx.language, issues)
  return values
}
