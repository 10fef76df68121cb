import { RESOURCES } from '@brokerdesk/shared'
import { describe, expect, it } from 'vitest'
import { SERVED_RESOURCES } from './resource-modules'

describe('the served resources', () => {
  it('bind each resource of the registry under its own name', () => {
    for (const [name, { binding }] of Object.entries(SERVED_RESOURCES)) {
      if (binding === null) continue
      const bound = typeof binding === 'function' ? binding({ uploadDir: '', s3: undefined }) : binding
      expect(bound.definition, name).toBe(RESOURCES[name])
    }
  })
})
