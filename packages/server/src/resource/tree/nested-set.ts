import { getTableName, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import type { FieldIssue } from '../field-errors'
import type { ResourceTable } from '../types'

/** The place of a node in its tree. */
export interface TreeNode {
  id: number
  parent_id: number
  level: number
  left_margin: number
  right_margin: number
}

export class TreeProblem extends Error {
  constructor(readonly issue: FieldIssue) {
    super(issue.key)
  }
}

const problem = (key: string, params?: Record<string, number>) =>
  new TreeProblem({ field: 'parent_id', key, params })

/** Serialises the tree writes of one table until the transaction ends. */
export async function lockTree(tx: Tx, table: ResourceTable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`nested-set:${getTableName(table)}`}))`)
}

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** A live node's place, or undefined. */
export async function findNode(tx: Tx, table: ResourceTable, id: number): Promise<TreeNode | undefined> {
  const [node] = await rows<TreeNode>(
    tx,
    sql`select id, parent_id, level, left_margin, right_margin from ${table} where id = ${id} and deleted_at is null`,
  )
  return node
}

/** How many levels a node's subtree spans below it (0 for a leaf). */
async function subtreeDepth(tx: Tx, table: ResourceTable, node: TreeNode): Promise<number> {
  const [row] = await rows<{ depth: number }>(
    tx,
    sql`select coalesce(max(level), ${node.level})::int - ${node.level}::int as depth from ${table}
        where left_margin > ${node.left_margin} and right_margin < ${node.right_margin} and deleted_at is null`,
  )
  return Number(row?.depth ?? 0)
}

async function maxRight(tx: Tx, table: ResourceTable): Promise<number> {
  const [row] = await rows<{ max: number }>(
    tx,
    sql`select coalesce(max(right_margin), 0)::int as max from ${table} where deleted_at is null`,
  )
  return Number(row?.max ?? 0)
}

/** The parent a node is to go under: 0 (a root) or a live node; checks the deepest level allowed. */
async function findParent(
  tx: Tx,
  table: ResourceTable,
  parentId: number,
  options: { maxLevel: number | null; depth: number },
): Promise<TreeNode | undefined> {
  if (parentId === 0) return undefined
  const parent = await findNode(tx, table, parentId)
  if (!parent) throw problem('validations.messages.exists')
  if (options.maxLevel !== null && parent.level + 1 + options.depth > options.maxLevel) {
    throw problem('tree.too_deep', { max: options.maxLevel })
  }
  return parent
}

/** Opens a place for a new node as the last child of `parentId` (0: a new root) and returns it. */
export async function placeNewNode(
  tx: Tx,
  table: ResourceTable,
  parentId: number,
  maxLevel: number | null,
): Promise<Omit<TreeNode, 'id'>> {
  const parent = await findParent(tx, table, parentId, { maxLevel, depth: 0 })
  if (!parent) {
    const left = (await maxRight(tx, table)) + 1
    return { parent_id: 0, level: 1, left_margin: left, right_margin: left + 1 }
  }
  const at = parent.right_margin
  await tx.execute(
    sql`update ${table} set right_margin = right_margin + 2 where right_margin >= ${at} and deleted_at is null`,
  )
  await tx.execute(
    sql`update ${table} set left_margin = left_margin + 2 where left_margin > ${at} and deleted_at is null`,
  )
  return { parent_id: parent.id, level: parent.level + 1, left_margin: at, right_margin: at + 1 }
}

/**
 * Moves a node with its subtree to the end of another parent's children. A node cannot go under
 * itself or its descendants.
 */
export async function moveNode(
  tx: Tx,
  table: ResourceTable,
  node: TreeNode,
  parentId: number,
  maxLevel: number | null,
): Promise<void> {
  if (parentId === node.id) throw problem('tree.parent_in_subtree')
  const depth = await subtreeDepth(tx, table, node)
  const parent = await findParent(tx, table, parentId, { maxLevel, depth })
  if (parent && parent.left_margin > node.left_margin && parent.right_margin < node.right_margin) {
    throw problem('tree.parent_in_subtree')
  }
  const width = node.right_margin - node.left_margin + 1
  const target = parent ? parent.right_margin : (await maxRight(tx, table)) + 1
  const level = parent ? parent.level + 1 : 1
  // Set the subtree aside (negative margins), close its gap, open one at the target, put it back.
  await tx.execute(sql`update ${table} set left_margin = -left_margin, right_margin = -right_margin
    where left_margin >= ${node.left_margin} and right_margin <= ${node.right_margin} and deleted_at is null`)
  await tx.execute(sql`update ${table} set left_margin = left_margin - ${width}
    where left_margin > ${node.right_margin} and deleted_at is null`)
  await tx.execute(sql`update ${table} set right_margin = right_margin - ${width}
    where right_margin > ${node.right_margin} and deleted_at is null`)
  const at = target > node.right_margin ? target - width : target
  await tx.execute(
    sql`update ${table} set left_margin = left_margin + ${width} where left_margin >= ${at} and deleted_at is null`,
  )
  await tx.execute(
    sql`update ${table} set right_margin = right_margin + ${width} where right_margin >= ${at} and deleted_at is null`,
  )
  const offset = at - node.left_margin
  await tx.execute(sql`update ${table} set left_margin = -left_margin + ${offset}, right_margin = -right_margin + ${offset},
    level = level + ${level - node.level} where left_margin < 0 and deleted_at is null`)
  await tx.execute(sql`update ${table} set parent_id = ${parent ? parent.id : 0} where id = ${node.id}`)
}

/** Whether a node has live children. */
export async function hasChildren(tx: Tx, table: ResourceTable, id: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from ${table} where parent_id = ${id} and deleted_at is null limit 1`,
  )
  return found.length > 0
}

/** Takes a childless node out of the tree before it is soft-deleted, closing its gap. */
export async function detachLeaf(tx: Tx, table: ResourceTable, node: TreeNode): Promise<void> {
  await tx.execute(sql`update ${table} set left_margin = 0, right_margin = 0 where id = ${node.id}`)
  await tx.execute(
    sql`update ${table} set left_margin = left_margin - 2 where left_margin > ${node.right_margin} and deleted_at is null`,
  )
  await tx.execute(
    sql`update ${table} set right_margin = right_margin - 2 where right_margin > ${node.right_margin} and deleted_at is null`,
  )
}
