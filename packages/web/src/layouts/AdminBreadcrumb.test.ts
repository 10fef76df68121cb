import type { MenuItem } from '@brokerdesk/shared'
import { describe, expect, it } from 'vitest'
import { currentMenuItem } from './AdminBreadcrumb'

const item = (id: number, url: string, method: number[]) =>
  ({ id, url, method, name: url }) as unknown as MenuItem

const items = [
  item(1, '/admin/index', [1]),
  item(2, '/admin/products', [1]),
  item(3, '/admin/products/list', [1]),
  item(4, '/admin/products', [2]),
  item(5, '/admin/products/{id}', [1]),
  item(6, '/admin/products/{id}', [3]),
  item(7, '/admin/file-log/{name}', [1]),
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
