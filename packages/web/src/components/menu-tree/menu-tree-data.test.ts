import type { MenuNode } from '@brokerdesk/shared'
import { describe, expect, it } from 'vitest'
import { keysToDepth, menuTreeData, parentKeys } from './menu-tree-data'

const item = (id: number, name: string, url: string, childrens: MenuNode[] = [], extra = {}) =>
  ({ id, name, url, resource_id: 0, item_name: '', childrens, ...extra }) as unknown as MenuNode

const tree = [
  item(2, 'Operate', '', [
    item(3, 'Insurance management', '', [
      item(4, 'Banks', '/admin/banks', [
        item(5, 'Bank list', '/admin/banks/list', [], { resource_id: 4, item_name: 'list' }),
      ]),
      item(6, 'Firms', '/admin/firms'),
    ]),
  ]),
]
const keys = (nodes: ReturnType<typeof menuTreeData>): unknown[] =>
  nodes.map((node) => (node.children ? [node.key, keys(node.children)] : node.key))

describe('menuTreeData', () => {
  it('keeps the whole tree without a search', () => {
    expect(keys(menuTreeData(tree, () => null))).toEqual([[2, [[3, [[4, [5]], 6]]]]])
  })

  it('keeps a match with its ancestors and everything below it', () => {
    expect(keys(menuTreeData(tree, () => null, 'banks'))).toEqual([[2, [[3, [[4, [5]]]]]]])
    expect(keys(menuTreeData(tree, () => null, '/ADMIN/FIRMS'))).toEqual([[2, [[3, [6]]]]])
    expect(menuTreeData(tree, () => null, 'nothing like it')).toEqual([])
  })

  it('names the open keys of the whole tree and of its first levels', () => {
    const data = menuTreeData(tree, () => null)
    expect(parentKeys(data)).toEqual([2, 3, 4])
    expect(keysToDepth(data, 2)).toEqual([2, 3])
  })
})
