import type { MenuItem } from '../menu'

/** A menu item for tests: an enabled, displayed admin page at the top level unless `fields` say otherwise. */
export function menuItem(fields: Partial<MenuItem> & Pick<MenuItem, 'id'>): MenuItem {
  return {
    parent_id: 0,
    name: `m${fields.id}`,
    url: '',
    method: [1],
    level: 1,
    left_margin: fields.id * 2,
    right_margin: fields.id * 2 + 1,
    status: 1,
    icons: '',
    resource_id: 0,
    group: 'admin',
    is_page: 1,
    disabled: 0,
    env: [],
    description: '',
    action: '',
    use: ['api', 'web'],
    middleware: [],
    as: '',
    item_name: '',
    is_out_link: 0,
    plug_in_key: '',
    options: null,
    ...fields,
  }
}
