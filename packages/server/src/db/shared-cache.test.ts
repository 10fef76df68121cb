import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { claimPeriod } from './shared-cache'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('claimPeriod', () => {
  it('gives each period to one claimant, and the next period once this one is over', async () => {
    const key = `test-task-${Math.random()}`
    const claims = await Promise.all([1, 2, 3].map(() => claimPeriod(t.app.db, key, 300)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await claimPeriod(t.app.db, key, 300)).toBe(false)
    expect(await claimPeriod(t.app.db, `${key}-other`, 300)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(await claimPeriod(t.app.db, key, 300)).toBe(true)
  })
})
