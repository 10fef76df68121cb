import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { http } from './http'
import { askMenusAtStart, fetchMenus, forgetMenusAskedAtStart, menusKey } from './menus'

vi.mock('./http', () => ({ http: { get: vi.fn() } }))
const get = vi.mocked(http.get)

beforeEach(() => {
  forgetMenusAskedAtStart()
  get.mockReset()
  let answered = 0
  get.mockImplementation(async () => ({ menus: [{ id: ++answered, url: `/admin/page-${answered}` }] }))
})

describe('the menu asked at start', () => {
  it('is taken by the first to ask for the menu; whoever asks later asks the server again', async () => {
    askMenusAtStart()
    expect(get).toHaveBeenCalledTimes(1)
    expect((await fetchMenus())[0]?.id).toBe(1)
    expect(get).toHaveBeenCalledTimes(1)
    expect((await fetchMenus())[0]?.id).toBe(2)
    expect(get).toHaveBeenCalledTimes(2)
  })

  it("serves the layout's query and the start's own with one request, whichever subscribes first", async () => {
    const client = new QueryClient()
    askMenusAtStart()
    // The layout rendered before the session's answer reached the start's code: its query asks first.
    const layout = client.fetchQuery({ queryKey: menusKey(7), queryFn: fetchMenus })
    const start = client.fetchQuery({ queryKey: menusKey(7), queryFn: fetchMenus })
    expect(await layout).toEqual(await start)
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('is forgotten when nobody took it, so a later session asks for its own', async () => {
    askMenusAtStart()
    forgetMenusAskedAtStart()
    expect((await fetchMenus())[0]?.id).toBe(2)
    expect(get).toHaveBeenCalledTimes(2)
  })
})
