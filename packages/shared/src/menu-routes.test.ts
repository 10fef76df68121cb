import { describe, expect, it } from 'vitest'
import type { MenuItem } from './menu'
import { deriveMenuRoutes, menuUrlToPath } from './menu-routes'
import { menuItem } from './testing/menu-item'

let nextId = 1
function item(url: string, extra: Partial<MenuItem> = {}): MenuItem {
  return menuItem({ id: nextId++, name: url, url, use: ['web'], ...extra })
}

describe('menuUrlToPath', () => {
  it('drops the first two segments and turns {id} into :id', () => {
    expect(menuUrlToPath('/admin/firms')).toBe('firms')
    expect(menuUrlToPath('/admin/firms/{id}')).toBe('firms/:id')
    expect(menuUrlToPath('/admin/menus/tree')).toBe('menus/tree')
    expect(menuUrlToPath('/admin')).toBe('')
  })
})

describe('deriveMenuRoutes', () => {
  it('gives a resource a list and an edit page, and a page item its own path', () => {
    const routes = deriveMenuRoutes(
      [
        item('/admin/firms', { resource_id: -1 }),
        item('/admin/firms/{id}', { resource_id: 1 }),
        item('/admin/file-log/index'),
        item('/admin/developments/{id}'),
      ],
      'admin',
      'production',
    )
    expect(routes.map((r) => [r.path, r.kind, r.resource])).toEqual([
      ['firms', 'list', 'firms'],
      ['firms/:id', 'edit', 'firms'],
      ['file-log/index', 'page', 'file-log'],
      ['developments/:id', 'edit', 'developments'],
    ])
  })

  it("makes a resource's index the alias of the group root", () => {
    const routes = deriveMenuRoutes([item('/admin/index', { resource_id: -1 })], 'admin', 'production')
    expect(routes.map((r) => r.path)).toEqual(['index', ''])
  })

  it('leaves out disabled items, actions, other groups, items without url and other environments', () => {
    const routes = deriveMenuRoutes(
      [
        item('/admin/a', { disabled: 1 }),
        item('/admin/b', { is_page: 0 }),
        item('/home/c', { group: 'home' }),
        item('', {}),
        item('/admin/d', { env: ['local'] }),
        item('/admin/e', { env: ['local', 'production'] }),
        item('/admin/f', { status: 2 }),
      ],
      'admin',
      'production',
    )
    expect(routes.map((r) => r.path)).toEqual(['e', 'f'])
  })
})
