import type { MenuItem } from '@brokerdesk/shared'
import { menuItem } from '@brokerdesk/shared/testing/menu-item'
import { describe, expect, it } from 'vitest'
import { breadcrumbTrail, currentMenuItem } from './AdminBreadcrumb'

const item = (id: number, url: string, method: number[]) => menuItem({ id, url, method, name: url })

const items = [
  item(1, '/admin/index', [1]),
  item(2, '/admin/products', [1]),
  item(3, '/admin/products/list', [1]),
  item(4, '/admin/products', [2]),
  item(5, '/admin/products/{id}', [1]),
  item(6, '/admin/products/{id}', [4]),
  item(7, '/admin/file-log/{name}', [1]),
]

// The group "Products" holding its list page, whose actions sit below it (nested-set margins).
const nested = (id: number, url: string, method: number[], left: number, right: number): MenuItem =>
  menuItem({
    id,
    parent_id: id === 10 ? 0 : 10,
    url,
    method,
    name: `${url} ${method}`,
    left_margin: left,
    right_margin: right,
  })
const tree = [
  nested(10, '', [1], 1, 10),
  nested(11, '/admin/firms', [1], 2, 9),
  nested(12, '/admin/firms/{id}', [1], 3, 4),
  nested(13, '/admin/firms/{id}', [4], 5, 6),
  nested(14, '/admin/firms', [2], 7, 8),
]

describe('currentMenuItem', () => {
  it("finds a page's item by its url, /index, or a record's number", () => {
    expect(currentMenuItem(items, '/admin')?.id).toBe(1)
    expect(currentMenuItem(items, '/admin/products/')?.id).toBe(2)
    expect(currentMenuItem(items, '/admin/products/42')?.id).toBe(5)
    expect(currentMenuItem(items, '/admin/file-log/laravel-2026-11-24.log')?.id).toBe(7)
  })

  it('puts a create page under its list, not under the details of a record named "create"', () => {
    expect(currentMenuItem(items, '/admin/products/create')?.id).toBe(2)
    expect(currentMenuItem(items, '/admin/products/abc')).toBeUndefined()
  })
})

describe('breadcrumbTrail', () => {
  const ids = (list: readonly MenuItem[], path: string) => breadcrumbTrail(list, path).map((m) => m.id)

  it("ends a record's page in its update item for those who may update, else in its details", () => {
    expect(ids(tree, '/admin/firms/7')).toEqual([11, 13])
    expect(
      ids(
        tree.filter((m) => m.id !== 13),
        '/admin/firms/7',
      ),
    ).toEqual([11, 12])
  })

  it('ends a create page and a list in the list', () => {
    expect(ids(tree, '/admin/firms/create')).toEqual([11])
    expect(ids(tree, '/admin/firms')).toEqual([11])
  })
})
