import type { ResourcePageData } from '@brokerdesk/shared'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '../../api/config'
import { resetHttpState } from '../../api/http'
import { forgetPageData } from '../../state/page-data-store'
import { sessionStore } from '../../state/session-store'
import { clearCookies, putCookie } from '../../test/cookies'
import { listKey, pageDataKey, prefetchResourceList } from './list-prefetch'

const PAGE = {
  resource: 'firms',
  per_page: 20,
  tree: false,
  fields: [],
  columns: [],
} as unknown as ResourcePageData
const ROWS = { data: [{ id: 1, name: 'Ping An' }], total_estimate: 1, total_exact: true }

type Handler = (url: string) => Promise<Response>
let fetchMock: ReturnType<typeof vi.fn<Handler>>
/** The paths asked for, in order, and a way to answer each one when the test says so. */
let asked: string[]
let answer: Map<string, (body: unknown) => void>

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  setConfig({ use_url: '/web-api', web_url: '/web-api' })
  resetHttpState()
  clearCookies()
  putCookie('Client-Id', 'client-1')
  sessionStorage.clear()
  sessionStore.set({ user: { id: 7 }, lifetime: 120, loading: false })
  asked = []
  answer = new Map()
  fetchMock = vi.fn<Handler>(
    (url) =>
      new Promise((resolve) => {
        const path = new URL(url, 'http://x').pathname
        asked.push(path)
        answer.set(path, (body) => resolve(json(body)))
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  forgetPageData()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Opens the firms list in a fresh SPA (a new query client: what a reload gives) and answers both requests. */
async function openListAfterReload(): Promise<QueryClient> {
  const client = new QueryClient()
  prefetchResourceList(client, 'firms', '')
  await settle()
  if (answer.has('/web-api/admin/firms')) answer.get('/web-api/admin/firms')?.(PAGE)
  answer.get('/web-api/admin/firms/list')?.(ROWS)
  await settle()
  answer.get('/web-api/admin/firms')?.(PAGE)
  await settle()
  return client
}

describe('prefetchResourceList', () => {
  it('asks for the page data, the rows and the list settings together the first time a list is opened in the tab', async () => {
    const client = new QueryClient()
    prefetchResourceList(client, 'firms', '')
    await settle()
    expect(asked.sort()).toEqual([
      '/web-api/admin/firms',
      '/web-api/admin/firms/list',
      '/web-api/home/list-settings/firms',
    ])
    expect(client.getQueryData(pageDataKey('firms'))).toBeUndefined()
  })

  it('after a reload shows the kept page data at once and asks for the rows before the page data', async () => {
    await openListAfterReload()
    asked = []
    const client = new QueryClient()
    prefetchResourceList(client, 'firms', '')
    // the frame renders from the copy kept in this tab, sized as that page data said
    expect(client.getQueryData(pageDataKey('firms'))).toEqual(PAGE)
    await settle()
    expect(asked).toEqual(['/web-api/admin/firms/list', '/web-api/home/list-settings/firms'])
    const rowsAsked = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/firms/list'))
    expect(rowsAsked.at(-1)).toContain('per_page=20')
    answer.get('/web-api/admin/firms/list')?.(ROWS)
    await settle()
    await settle()
    expect(client.getQueryData(listKey('firms', { page: 1, per_page: 20 }))).toEqual(ROWS)
    // once the rows came, the page data is asked for again and replaces the kept copy
    expect(asked).toEqual([
      '/web-api/admin/firms/list',
      '/web-api/home/list-settings/firms',
      '/web-api/admin/firms',
    ])
    answer.get('/web-api/admin/firms')?.({ ...PAGE, per_page: 50 })
    await settle()
    await settle()
    expect(client.getQueryData<ResourcePageData>(pageDataKey('firms'))?.per_page).toBe(50)
  })

  it("does not use another user's copy, nor the copies dropped by a logout", async () => {
    await openListAfterReload()
    sessionStore.set({ user: { id: 8 }, lifetime: 120, loading: false })
    const other = new QueryClient()
    prefetchResourceList(other, 'firms', '')
    expect(other.getQueryData(pageDataKey('firms'))).toBeUndefined()

    sessionStore.set({ user: { id: 7 }, lifetime: 120, loading: false })
    forgetPageData()
    const again = new QueryClient()
    prefetchResourceList(again, 'firms', '')
    expect(again.getQueryData(pageDataKey('firms'))).toBeUndefined()
  })
})
