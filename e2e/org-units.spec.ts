import type { MenuNode } from '@brokerdesk/shared'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'

const PASSWORD = 'branch-pass-1'

/** Names of a test's own: a head office, its two branches, the branch administrator and an account of each branch. */
function namesOf() {
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`
  return {
    stamp,
    head: `总公司${stamp}`,
    hz: `杭州分公司${stamp}`,
    sh: `上海分公司${stamp}`,
    manager: { uname: `hzmgr${stamp}`, name: '杭州管理员' },
    hzClient: { uname: `hzuser${stamp}`, name: '杭州客户' },
    shClient: { uname: `shuser${stamp}`, name: '上海客户' },
  }
}

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

/** Logs in once in a fresh profile (a login entry in the operation log), then leaves. */
async function logInOnce(uname: string): Promise<void> {
  const context = await loggedInContext(browser, { as: { username: uname, password: PASSWORD } })
  await context.close()
}

describe('organisation units and data scope', () => {
  let admin: BrowserContext
  let page: Page
  let manager: BrowserContext | undefined
  let managerPage: Page | undefined
  snapshotFailures(() => [page, managerPage])

  beforeEach(async () => {
    admin = await loggedInContext(browser)
    page = await admin.newPage()
  })
  afterEach(async () => {
    await manager?.close()
    manager = undefined
    managerPage = undefined
    await admin?.close()
  })

  /** Adds a unit through the API; answers its id. */
  async function addUnit(name: string, parentId?: number): Promise<number> {
    const unit = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/departments', {
      name,
      ...(parentId ? { parent_id: parentId } : {}),
    })
    expect(unit.status, JSON.stringify(unit.body)).toBe(201)
    return unit.body.row.id
  }

  it('the super administrator adds the head office and, in the form, 杭州分公司 under it', async () => {
    const { head: HEAD, hz: HZ } = namesOf()
    await addUnit(HEAD)

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
  })

  it('the administrator of 杭州分公司 sees only that branch’s accounts and their log entries', async () => {
    const names = namesOf()
    const { hz: HZ, manager: MANAGER, hzClient: HZ_CLIENT, shClient: SH_CLIENT } = names
    // The head office with its two branches; an administrator of 杭州分公司 whose role sees its unit
    // and below; an account of each branch, each logged in once.
    // What does not depend on another is made side by side.
    const [head, role] = await Promise.all([
      addUnit(names.head),
      callApi<{ row: { id: number } }>(page, 'POST', '/admin/roles', {
        name: `分公司管理员${names.stamp}`,
        parent_id: 1,
        data_scope: 'unit_and_below',
      }),
    ])
    const [hz, sh] = await Promise.all([addUnit(HZ, head), addUnit(names.sh, head)])
    const unit = { hz, sh }
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
    await Promise.all(
      (
        [
          [HZ_CLIENT, unit.hz],
          [SH_CLIENT, unit.sh],
        ] as const
      ).map(async ([account, unitId]) => {
        const created = await callApi(page, 'POST', '/admin/users', {
          ...account,
          password: PASSWORD,
          department_id: unitId,
        })
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        await logInOnce(account.uname)
      }),
    )

    manager = await loggedInContext(browser, { as: { username: MANAGER.uname, password: PASSWORD } })
    const managerPage = await manager.newPage()
    await managerPage.goto('/admin/users')
    const table = managerPage.locator('.ant-table-tbody')
    // The super administrator's list loads beside the branch administrator's.
    const all = page.locator('.ant-table-tbody')
    const superList = page.goto('/admin/users').then(() => all.getByText(SH_CLIENT.uname).waitFor())
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
    await superList
    await all.getByText(HZ_CLIENT.uname).waitFor()
    await page.getByRole('columnheader', { name: zh.fields.department_name }).first().waitFor()
  })
})
