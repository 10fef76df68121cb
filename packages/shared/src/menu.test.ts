import { describe, expect, it } from 'vitest'
import { breadcrumbOf, buildMenuTree, type MenuItem, methodBitsToList, methodListToBits } from './menu'
import { menuItem } from './testing/menu-item'

const item = (id: number, parent_id: number, left_margin: number, right_margin: number): MenuItem =>
  menuItem({ id, parent_id, level: 0, left_margin, right_margin })

const list = [item(1, 0, 1, 10), item(3, 1, 6, 9), item(2, 1, 2, 5), item(4, 2, 3, 4), item(5, 3, 7, 8)]

describe('menu helpers', () => {
  it('turns method bitmasks into lists and back', () => {
    expect(methodBitsToList(5)).toEqual([1, 4])
    expect(methodBitsToList(0)).toEqual([])
    expect(methodListToBits([1, 4, 8])).toBe(13)
  })

  it('builds childrens in left-margin order', () => {
    const [root] = buildMenuTree(list)
    expect(root.id).toBe(1)
    expect(root.childrens?.map((c) => c.id)).toEqual([2, 3])
    expect(root.childrens?.[0].childrens?.map((c) => c.id)).toEqual([4])
  })

  it('builds the breadcrumb from nested-set margins', () => {
    expect(breadcrumbOf(list, list[4]).map((m) => m.id)).toEqual([1, 3, 5])
  })
})
