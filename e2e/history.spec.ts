import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { type AdminTab, openAdminTab, snapshotFailures } from './support/browser'
import { zh } from './support/identity'

const stamp = Date.now().toString(36).slice(-5)
const FIRST = `历史保险${stamp}`

describe("a record's history", () => {
  let tab: AdminTab
  let page: Page
  snapshotFailures(() => [page])

  beforeAll(async () => {
    tab = await openAdminTab()
    page = tab.page
  })
  afterAll(() => tab?.close())

  /** A company of its own renamed twice through the API, its edit page open; answers its id, names and entries. */
  async function renamedTwice(suffix: string) {
    const first = `${FIRST}${suffix}`
    const id = await createFirm(page, first)
    const renamed = `改名${stamp}${suffix}`
    const again = `再改${stamp}${suffix}`
    expect((await callApi(page, 'PUT', `/admin/firms/${id}`, { name: renamed })).status).toBe(200)
    expect((await callApi(page, 'PUT', `/admin/firms/${id}`, { name: again })).status).toBe(200)
    await page.goto(`/admin/firms/${id}`)
    const history = page.locator('.bd-record-history')
    await history.getByRole('heading', { name: zh.history.title }).waitFor()
    const entries = history.locator('.bd-history-entry')
    await expect.poll(() => entries.count()).toBe(3)
    return { id, first, renamed, again, entries }
  }

  it('shows who changed what on the edit page, newest first', async () => {
    const { renamed, again, entries } = await renamedTwice('看')
    await expect.poll(() => entries.nth(0).innerText()).toContain(renamed)
    expect(await entries.nth(0).innerText()).toContain(again)
    expect(await entries.nth(2).innerText()).toContain(zh.history.created)
    // The newest entry is how the record is now: nothing to restore there.
    expect(await entries.nth(0).getByRole('button', { name: zh.history.restore }).count()).toBe(0)
  })

  it('restores a version from the timeline', async () => {
    const { id, first, entries } = await renamedTwice('复')
    await entries.nth(2).getByRole('button', { name: zh.history.restore }).click()
    const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)')
    await confirm.getByText(zh.history.restore_confirm).waitFor()
    // The alert shows for a few seconds: looked for from the click on.
    const restored = page.getByText(zh.history.restored_done).first().waitFor()
    await confirm.locator('.ant-btn-primary').click()
    await restored
    await expect.poll(() => page.locator('#resource-firms_name').inputValue()).toBe(first)
    await expect.poll(() => entries.count()).toBe(4)
    expect(await entries.nth(0).innerText()).toContain(zh.history.restored)
    const row = await callApi<{ row: { name: string } }>(page, 'GET', `/admin/firms/${id}`)
    expect(row.body.row.name).toBe(first)
  })
})
