import type { MenuNode } from '@brokerdesk/shared'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, newContext, snapshot, snapshotFailures } from './support/browser'
import { logIn, zh } from './support/identity'
import { E2E_ADMIN_PASSWORD } from './support/server'

const stamp = Date.now().toString(36).slice(-5)
const HEAD = `总公司${stamp}`
const HZ = `杭州分公司${stamp}`
const SH = `上海分公司${stamp}`
const PASSWORD = 'branch-pass-1'
/** The branch administrator, an account of each branch (each logs in once, leaving a log entry). */
const MANAGER = { uname: `hzmgr${stamp}`, name: '杭州管理员' }
const HZ_CLIENT = { uname: `hzuser${stamp}`, name: '杭州客户' }
const SH_CLIENT = { uname: `shuser${stamp}`, name: '上海客户' }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The ids of the menu items of these urls (and the pages under them) in a permission answer's tree. */
function itemsUnder(menus: MenuNode[], prefixes: string[]): number[] {
  const out: number[] = []
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.url && prefixes.some((prefix) => node.url === prefix || node.url.startsWith(`${prefix}/`)))
        out.push(node.id)
      walk(node.childrens ?? [])
    }
  }
  walk(menus)
  return out
}

/** Logs in once in a fresh browser (a login entry in the operation log), then leaves. */
async function logInOnce(uname: string): Promise<void> {
  const context = await newContext(browser)
  const page = await context.newPage()
  await page.goto('/open/login')
  await logIn(page, uname, PASSWORD)
  await context.close()
}

describe('organisation units and data scope', () => {
  let admin: BrowserContext
  let page: Page
  let manager: BrowserContext
  let managerPage: Page
  const unit = { head: 0, hz: 0, sh: 0 }
  snapshotFailures(() => [page, managerPage])

  beforeAll(async () => {
    admin = await newContext(browser)
    page = await admin.newPage()
    manager = await newContext(browser)
    managerPage = await manager.newPage()
  })
  afterAll(async () => {
    await admin?.close()
    await manager?.close()
  })

  it('the super administrator adds the head office and, in the form, 杭州分公司 under it', async () => {
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    const head = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/departments', { name: HEAD })
    expect(head.status).toBe(201)
    unit.head = head.body.row.id

    await page.goto('/admin/departments/create')
    const form = page.locator('form#resource-departments')
    await form.locator('#resource-departments_name').fill(HZ)
    await form.locator('#resource-departments_parent_id').click()
    await page.locator('.ant-select-tree').getByTitle(HEAD, { exact: true }).click()
    await form.locator('#resource-departments_leader').fill('张经理')
    await form.locator('#resource-departments_phone').fill('0571-88886666')
    await form.locator('button[type=submit]').click()
    await page.waitForURL('**/admin/departments')
    // The list is the tree: the branch shows under its head office, with the head office as its parent.
    await page
      .locator('.ant-table-row')
      .filter({ hasText: HEAD })
      .locator('.ant-table-row-expand-icon')
      .click()
    const row = page.locator('.ant-table-row').filter({ hasText: HZ })
    await row.getByText(HEAD).waitFor()
    await row.getByText('0571-88886666').waitFor()
    await snapshot(page, 'org-units-list-zh')

    const list = await callApi<{ data: { id: number; name: string }[] }>(
      page,
      'GET',
      `/admin/departments/list?keyword=${encodeURIComponent(HZ)}`,
    )
    unit.hz = list.body.data[0].id
    const sh = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/departments', {
      name: SH,
      parent_id: unit.head,
    })
    unit.sh = sh.body.row.id
  })

  it('gives 杭州分公司 an administrator whose role sees its unit and below, and each branch an account', async () => {
    const role = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/roles', {
      name: `分公司管理员${stamp}`,
      parent_id: 1,
      data_scope: 'unit_and_below',
    })
    expect(role.status).toBe(201)
    const tree = await callApi<{ menus: MenuNode[] }>(
      page,
      'GET',
      `/admin/roles/${role.body.row.id}/permissions`,
    )
    const menuIds = itemsUnder(tree.body.menus, ['/admin/index', '/admin/users', '/admin/logs'])
    const granted = await callApi(page, 'PUT', `/admin/roles/${role.body.row.id}/permissions`, {
      menu_ids: menuIds,
    })
    expect(granted.status).toBe(200)
    const made = await callApi(page, 'POST', '/admin/admins', {
      ...MANAGER,
      password: PASSWORD,
      department_id: unit.hz,
      role_ids: [role.body.row.id],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    for (const [account, unitId] of [
      [HZ_CLIENT, unit.hz],
      [SH_CLIENT, unit.sh],
    ] as const) {
      const created = await callApi(page, 'POST', '/admin/users', {
        ...account,
        password: PASSWORD,
        department_id: unitId,
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
    }
    await logInOnce(HZ_CLIENT.uname)
    await logInOnce(SH_CLIENT.uname)
  })

  it('the administrator of 杭州分公司 sees only that branch’s accounts and their log entries', async () => {
    await managerPage.goto('/open/login')
    await logIn(managerPage, MANAGER.uname, PASSWORD)
    await managerPage.goto('/admin/users')
    const table = managerPage.locator('.ant-table-tbody')
    await table.getByText(HZ_CLIENT.uname).waitFor()
    expect(await table.getByText(SH_CLIENT.uname).count()).toBe(0)
    await table.locator('.ant-table-row').filter({ hasText: HZ_CLIENT.uname }).getByText(HZ).waitFor()
    await snapshot(managerPage, 'org-units-scoped-users-zh')

    await managerPage.goto('/admin/logs')
    const logs = managerPage.locator('.ant-table-tbody')
    await logs.getByText(HZ_CLIENT.name).first().waitFor()
    expect(await logs.getByText(SH_CLIENT.name).count()).toBe(0)
    await snapshot(managerPage, 'org-units-scoped-logs-zh')

    // The super administrator sees both branches' accounts.
    await page.goto('/admin/users')
    const all = page.locator('.ant-table-tbody')
    await all.getByText(SH_CLIENT.uname).waitFor()
    await all.getByText(HZ_CLIENT.uname).waitFor()
    await page.getByRole('columnheader', { name: zh.fields.department_name }).first().waitFor()
  })
})
