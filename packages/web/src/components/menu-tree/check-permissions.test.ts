import type { MenuNode } from '@brokerdesk/shared'
import { describe, expect, it } from 'vitest'
import { allMenuIds, toggleMenuPermission } from './check-permissions'

const node = (id: number, childrens: MenuNode[] = []) => ({ id, childrens }) as unknown as MenuNode
// 2 (module) > 3 (group) > 4 (resource) > 5 list, 6 update; 2 > 7 (page)
const tree = [node(2, [node(3, [node(4, [node(5), node(6)])]), node(7)])]
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b)

describe('toggleMenuPermission', () => {
  it('ticking an action ticks the items it is reached through, not its siblings', () => {
    expect(sorted(toggleMenuPermission(tree, new Set(), 5, true))).toEqual([2, 3, 4, 5])
  })

  it('ticking a resource ticks all its actions', () => {
    expect(sorted(toggleMenuPermission(tree, new Set(), 4, true))).toEqual([2, 3, 4, 5, 6])
  })

  it('clearing an item clears what is below it and keeps its ancestors', () => {
    const held = new Set([2, 3, 4, 5, 6, 7])
    expect(sorted(toggleMenuPermission(tree, held, 3, false))).toEqual([2, 7])
    expect(sorted(toggleMenuPermission(tree, held, 6, false))).toEqual([2, 3, 4, 5, 7])
  })

  it('lists every id of the tree', () => {
    expect(allMenuIds(tree)).toEqual([2, 3, 4, 5, 6, 7])
  })
})
