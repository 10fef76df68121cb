import type { MenuItem } from '@brokerdesk/shared'
import { menuItem } from '@brokerdesk/shared/testing/menu-item'
import { describe, expect, it } from 'vitest'
import { countPages, groupMenu, menuPages } from './menu-tree'

let nextLeft = 1
function item(id: number, parentId: number, name: string, extra: Partial<MenuItem> = {}): MenuItem {
  const left = nextLeft
  nextLeft += 2
  return menuItem({
    id,
    parent_id: parentId,
    name,
    method: [],
    level: 0,
    left_margin: left,
    right_margin: left + 1,
    use: ['web'],
    is_page: 0,
    ...extra,
  })
}

const page = (url: string) => ({ url, method: [1], is_page: 1 })

const items: MenuItem[] = [
  item(1, 0, 'Menu list', { status: 2 }),
  item(2, 1, 'Operate', { url: '/admin/index' }),
  item(5, 2, 'Backstage home page', page('/admin/index')),
  item(80, 5, 'Error log Download', { url: '/admin/down-log', method: [1] }),
  item(6, 2, 'User management'),
  item(9, 6, 'Ordinary users', { ...page('/admin/users'), resource_id: -1 }),
  item(10, 9, 'list', { url: '/admin/users/list', method: [1], resource_id: 9 }),
  item(11, 9, 'update', { url: '/admin/users/{id}', method: [4], resource_id: 9 }),
  item(33, 6, 'Background users', { ...page('/admin/admins'), status: 2 }),
  item(7, 2, 'Other settings'),
  item(41, 7, 'Menu settings', { ...page('/admin/menus'), disabled: 1 }),
  item(90, 1, 'Homepage', { ...page('/home/index'), group: 'home' }),
]

describe('groupMenu', () => {
  it('keeps the visible groups and pages of a route group, dropping actions, hidden and empty groups', () => {
    const tree = groupMenu(items, 'admin')
    const shape = tree.map((node) => [node.name, (node.childrens ?? []).map((child) => child.name)])
    expect(shape).toEqual([
      ['Backstage home page', []],
      ['User management', ['Ordinary users']],
    ])
    expect(countPages(tree)).toBe(2)
  })

  it('lists a visible page below a page after it, as its sibling', () => {
    const withStatistics = [
      ...items,
      item(160, 5, 'Log statistics', { ...page('/admin/log-counts'), resource_id: -1 }),
      item(161, 160, 'list', { url: '/admin/log-counts/list', method: [1], resource_id: 160, status: 2 }),
    ]
    const tree = groupMenu(withStatistics, 'admin')
    expect(tree.map((node) => [node.name, node.childrens])).toEqual([
      ['Backstage home page', undefined],
      ['Log statistics', undefined],
      ['User management', [expect.objectContaining({ name: 'Ordinary users' })]],
    ])
    expect(countPages(tree)).toBe(3)
  })

  it('works when the server leaves out the ancestors a user may not see', () => {
    const partial = items.filter((entry) => entry.id !== 1 && entry.id !== 2)
    expect(groupMenu(partial, 'admin').map((node) => node.name)).toEqual([
      'Backstage home page',
      'User management',
    ])
  })

  it('is empty for an empty menu list', () => {
    expect(groupMenu([], 'admin')).toEqual([])
  })
})

describe('menuPages', () => {
  it('lists the pages a user can open, in every group', () => {
    expect(menuPages(items).map((entry) => entry.url)).toEqual([
      '/admin/index',
      '/admin/users',
      '/home/index',
    ])
  })
})
