import { describe, expect, it, vi } from 'vitest'
import { loadOnce } from './lazy-menu'

describe('loadOnce', () => {
  it('loads once for every caller, keeps what it gave, and tries again after a failure', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline'))
    load.mockResolvedValue('chunk')
    const once = loadOnce(load)
    await expect(once()).rejects.toThrow('offline')
    expect(once.loaded()).toBeUndefined()
    const [a, b] = await Promise.all([once(), once()])
    expect([a, b, once.loaded()]).toEqual(['chunk', 'chunk', 'chunk'])
    expect(load).toHaveBeenCalledTimes(2)
  })
})
