import type { OptionItem } from '@brokerdesk/shared'
import { and, asc, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { columnOf, requireColumn } from './columns'
import { nestRecords } from './tree/list-tree'
import type { ResourceTable, Row, TreeOption } from './types'

const MAX_OPTIONS = 10_000

/** The live records of a table as select options `{value: id, label: name}`, in their sort order. */
export async function tableOptions(
  db: Db,
  table: ResourceTable,
  where?: ReturnType<typeof and>,
): Promise<OptionItem[]> {
  const id = requireColumn(table, 'id')
  const order = columnOf(table, 'order')
  const rows = await db
    .select({ value: id, label: requireColumn(table, 'name') })
    .from(table)
    .where(and(isNull(requireColumn(table, 'deleted_at')), where))
    .orderBy(...(order ? [asc(order), asc(id)] : [asc(id)]))
    .limit(MAX_OPTIONS)
  return rows as OptionItem[]
}

/** The live nodes of a hierarchy (those `where` keeps, if given) as nested tree-select options. */
export async function treeOptions(
  db: Db,
  table: ResourceTable,
  where?: ReturnType<typeof and>,
): Promise<TreeOption[]> {
  const rows = await db
    .select({
      id: requireColumn(table, 'id'),
      parent_id: requireColumn(table, 'parent_id'),
      label: requireColumn(table, 'name'),
    })
    .from(table)
    .where(and(isNull(requireColumn(table, 'deleted_at')), where))
    .orderBy(asc(requireColumn(table, 'left_margin')))
    .limit(MAX_OPTIONS)
  const strip = (nodes: Row[]): TreeOption[] =>
    nodes.map((node) => {
      const children = node.children as Row[]
      return {
        value: node.id as number,
        label: node.label as string,
        ...(children.length > 0 ? { children: strip(children) } : {}),
      }
    })
  return strip(nestRecords(rows as Row[]))
}
