import type { Language, ListPage } from '@brokerdesk/shared'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { presentRows } from '../present-rows'
import { selectRows } from '../select-rows'
import type { ResourceBinding, Row } from '../types'

/** The most nodes a tree answer holds (the regions are about 3,700). */
const MAX_TREE_NODES = 20_000

/** Nests records under their parents (`children`); a node whose parent is not among them is a root. */
export function nestRecords(records: Row[]): Row[] {
  const byId = new Map<number, Row>(
    records.map((record) => [record.id as number, { ...record, children: [] }]),
  )
  const roots: Row[] = []
  for (const node of byId.values()) {
    const parent = byId.get(node.parent_id as number)
    if (parent) (parent.children as Row[]).push(node)
    else roots.push(node)
  }
  return roots
}

/** Every matching live node in tree order, nested, as one page. */
export async function listTree(
  db: Db,
  binding: ResourceBinding,
  where: SQL | undefined,
  language: Language,
): Promise<ListPage<Row>> {
  const rows = await selectRows(db, binding, {
    where,
    order: [{ field: 'left_margin', desc: false }],
    limit: MAX_TREE_NODES,
  })
  const records = await presentRows(db, binding, rows, language)
  return {
    data: nestRecords(records),
    current_page: 1,
    per_page: records.length,
    last_page: 1,
    total: records.length,
  }
}
