import { RESOURCES } from '@brokerdesk/shared'
import { describe, expect, it } from 'vitest'
import { pageColumnsAfterUpdate } from '../resource/select-rows'
import { firmsBinding } from './firms/firms.resource'
import { menusBinding } from './menus/menus.resource'
import { productsBinding } from './products/products.resource'
import { SERVED_RESOURCES } from './resource-modules'
import { rolesBinding } from './roles/roles.resource'

describe('the served resources', () => {
  it('bind each resource of the registry under its own name', () => {
    for (const [name, { binding }] of Object.entries(SERVED_RESOURCES)) {
      if (binding === null) continue
      const bound = typeof binding === 'function' ? binding({ uploadDir: '', s3: undefined }) : binding
      expect(bound.definition, name).toBe(RESOURCES[name])
    }
  })

  it('answer an update from its own statement only where their page columns read other tables', () => {
    // A parent's name read from the table itself, quoted by drizzle (menus) or bare (roles): read after.
    expect(pageColumnsAfterUpdate(menusBinding)).toBeUndefined()
    expect(pageColumnsAfterUpdate(rolesBinding)).toBeUndefined()
    expect(pageColumnsAfterUpdate(productsBinding)).toContain('"firm_name"')
    // No page columns: the UPDATE's own row.
    expect(pageColumnsAfterUpdate(firmsBinding)).toBe('')
  })
})
