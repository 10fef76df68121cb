import type { MenuNode } from '@brokerdesk/shared'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, newContext, snapshot, snapshotFailures } from './support/browser'
import { logIn, zh, zhMenu } from './support/identity'
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './support/server'

const ROLE = 'Product editor'
const EDITOR = { uname: 'prodeditor1', name: '产品编辑', password: 'editor-pass-1' }
const stamp = Date.now().toString(36).slice(-5)
const PRODUCT = `权限测试产品${stamp}`
const only = zh.options.menus.only

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const form = (page: Page, resource: string) => page.locator(`form#resource-${resource}`)
const item = (page: Page, resource: string, label: string) =>
  form(page, resource)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })

/** A node of an antd menu tree by its label. */
const treeNode = (scope: Locator, label: string) =>
  scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().locator('.bd-menu-title__name').getByText(label, { exact: true }) })

/** The labels of the children of a tree node, in order (the node must be open). */
async function childLabels(scope: Locator, parent: string): Promise<string[]> {
  const rows = await scope.evaluate((tree) =>
    Array.from(tree.querySelectorAll('.ant-tree-treenode')).flatMap((node) => {
      const name = node.querySelector('.bd-menu-title__name')
      const level = node.querySelectorAll('.ant-tree-indent-unit').length
      return name ? [{ label: name.textContent ?? '', level }] : []
    }),
  )
  const at = rows.findIndex((row) => row.label === parent)
  const children: string[] = []
  for (const row of rows.slice(at + 1)) {
    if (row.level <= rows[at].level) break
    if (row.level === rows[at].level + 1) children.push(row.label)
  }
  return children
}

/** The (url, method) pairs of the ticked items of a permission answer. */
function heldRoutes(menus: MenuNode[], checked: number[]): string[] {
  const held = new Set(checked)
  const out: string[] = []
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (held.has(node.id) && node.url && node.method.length > 0)
        out.push(`${node.method.join('|')} ${node.url}`)
      walk(node.childrens ?? [])
    }
  }
  walk(menus)
  return out
}

describe('roles and back-office users', () => {
  let admin: BrowserContext
  let page: Page
  let roleId = 0
  let productId = 0
  let own: Page
  snapshotFailures(() => [page, own])

  beforeAll(async () => {
    admin = await newContext(browser)
    page = await admin.newPage()
  })
  afterAll(async () => {
    await admin?.close()
  })

  it('the super administrator logs in; a product exists to edit', async () => {
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    const firmId = await createFirm(page, `权限测试保险${stamp}`)
    const classifys = (
      await callApi<{ data: { id: number; name: string; children?: { id: number }[] }[] }>(
        page,
        'GET',
        '/admin/classifys/list?tree=1',
      )
    ).body.data
    const life = classifys.find((row) => row.children?.length) as { id: number; children: { id: number }[] }
    const groups = (await callApi<{ data: { id: number }[] }>(page, 'GET', '/admin/pclassifys/list?tree=1'))
      .body.data
    const product = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/products', {
      name: PRODUCT,
      firm_id: firmId,
      classify_id: life.id,
      classify2_id: life.children[0].id,
      pclassify_id: groups[0].id,
    })
    expect(product.status, JSON.stringify(product.body)).toBe(201)
    productId = product.body.row.id
  })

  it(`creates the role "${ROLE}" holding only the product list, show and update`, async () => {
    await page.goto('/admin/roles')
    await page.getByRole('link', { name: zh.actions.create }).click()
    await form(page, 'roles').locator('#resource-roles_name').fill(ROLE)
    await form(page, 'roles').locator('button[type=submit]').click()
    await page.waitForURL('**/admin/roles')
    const row = page.getByRole('row').filter({ hasText: ROLE })
    const button = row.getByRole('button', { name: new RegExp(`^${zh.access.permissions} #`) })
    roleId = Number((await button.getAttribute('aria-label'))?.split('#')[1])
    await button.click()

    const drawer = page.getByRole('dialog')
    await drawer.getByText(zh.access.permissions_of.replace('{name}', ROLE)).waitFor()
    await drawer.getByPlaceholder(zh.access.search_menu).fill(zhMenu(99))
    await drawer.getByPlaceholder(zh.access.search_menu).press('Enter')
    for (const label of [only.list, only.show, only.update]) {
      await treeNode(drawer, label).locator('.ant-tree-checkbox').click()
    }
    // Ticking an action ticks the resource it belongs to, and the groups above it.
    await expect
      .poll(() => treeNode(drawer, zhMenu(99)).locator('.ant-tree-checkbox-checked').count())
      .toBe(1)
    expect(await treeNode(drawer, only.create).locator('.ant-tree-checkbox-checked').count()).toBe(0)
    await snapshot(page, 'permissions-role-drawer-zh')
    // antd puts a space between two Chinese characters of a button ("保 存").
    await drawer.getByRole('button', { name: new RegExp(`^${[...zh.actions.save].join('\\s*')}$`) }).click()
    await page.getByText(zh.messages.success.replace('{action}', zh.actions.save)).waitFor()

    const saved = await callApi<{ menus: MenuNode[]; checked: number[] }>(
      page,
      'GET',
      `/admin/roles/${roleId}/permissions`,
    )
    const routes = heldRoutes(saved.body.menus, saved.body.checked)
    expect(routes.sort()).toEqual(
      [
        '1 /admin/products',
        '1 /admin/products/list',
        '1 /admin/products/{id}',
        '4 /admin/products/{id}',
      ].sort(),
    )
  })

  it('creates a back-office user with a new account holding that role', async () => {
    await page.goto('/admin/admins')
    await page.getByRole('link', { name: zh.actions.create }).click()
    await page.getByText(zh.access.create_account, { exact: true }).click()
    const admins = form(page, 'admins')
    await admins.locator('#resource-admins_uname').fill(EDITOR.uname)
    await admins.locator('#resource-admins_name').fill(EDITOR.name)
    await admins.locator('#resource-admins_password').fill(EDITOR.password)
    await item(page, 'admins', zh.fields.role_ids).locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByTitle(ROLE, { exact: true }).click()
    await page.getByRole('heading', { level: 1 }).click()
    await snapshot(page, 'permissions-admin-create-zh')
    await admins.locator('button[type=submit]').click()
    await page.waitForURL('**/admin/admins')
    await page.getByRole('cell', { name: EDITOR.uname, exact: true }).waitFor()
  })

  it('binds an existing account as a back-office user, found by searching it', async () => {
    const account = await callApi(page, 'POST', '/admin/users', {
      uname: 'boundacct1',
      name: '已有账号',
      password: 'bound-pass-1',
    })
    expect(account.status, JSON.stringify(account.body)).toBe(201)
    await page.goto('/admin/admins/create')
    const admins = form(page, 'admins')
    await admins.waitFor()
    await item(page, 'admins', zh.fields.user_id).locator('.ant-select').click()
    await page.keyboard.type('boundac')
    await page.locator('.ant-select-dropdown:visible').getByTitle('boundacct1 · 已有账号').click()
    await item(page, 'admins', zh.fields.role_ids).locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByTitle(ROLE, { exact: true }).click()
    await page.getByRole('heading', { level: 1 }).click()
    await admins.locator('button[type=submit]').click()
    await page.waitForURL('**/admin/admins')
    await page.getByRole('cell', { name: 'boundacct1', exact: true }).waitFor()
  })

  describe('the product editor', () => {
    let editor: BrowserContext

    beforeAll(async () => {
      editor = await newContext(browser)
      own = await editor.newPage()
    })
    afterAll(async () => {
      await editor?.close()
    })

    it('sees only the insurance products menu, with only an edit button', async () => {
      await own.goto('/admin/products')
      await own.waitForURL(/\/open\/login/)
      await logIn(own, EDITOR.uname, EDITOR.password)
      await own.waitForURL('**/admin/products')
      const menu = own.locator('.bd-admin__menu')
      await menu.waitFor()
      expect(await menu.locator('a').allTextContents()).toEqual([zhMenu(99)])

      const row = own.getByRole('row').filter({ hasText: PRODUCT })
      await row.waitFor()
      // the edit link is the row's one action: no delete button; the selection box chooses rows for
      // a bulk edit, which the update permission allows
      expect(await row.getByRole('button').count()).toBe(0)
      expect(await row.getByRole('checkbox').count()).toBe(1)
      expect(await row.getByRole('link', { name: `${zh.actions.update} #${productId}` }).count()).toBe(1)
      for (const name of [zh.actions.export, zh.actions.import, zh.list.batch_delete]) {
        expect(await own.getByRole('button', { name }).count(), name).toBe(0)
      }
      expect(await own.getByRole('link', { name: zh.actions.create }).count()).toBe(0)
      await snapshot(own, 'permissions-product-editor-zh')

      await row.getByRole('link', { name: `${zh.actions.update} #${productId}` }).click()
      const products = form(own, 'products')
      await products.locator('#resource-products_name').fill(`${PRODUCT}改`)
      await products.locator('button[type=submit]').click()
      await own.waitForURL('**/admin/products')
      await own.getByRole('cell', { name: `${PRODUCT}改`, exact: true }).waitFor()
    })

    it('gets the 403 page on /admin/firms and a 403 from the API on a firm route', async () => {
      await own.goto('/admin/firms')
      await own.getByText(zh.errors.forbidden.title).waitFor()
      await snapshot(own, 'permissions-forbidden-zh')
      const list = await callApi<{ message: string }>(own, 'GET', '/admin/firms/list')
      expect(list.status).toBe(403)
      expect(list.body.message).toBe('您无权访问该页面！')
      expect((await callApi(own, 'DELETE', '/admin/products', { ids: [productId] })).status).toBe(403)
    })
  })

  it('outside the local environment the menu tree is shown but cannot be rearranged', async () => {
    await page.goto('/admin/menus/tree')
    await page.getByText(zh.access.drag_not_allowed).waitFor()
    expect(await page.locator('.ant-tree-treenode[draggable="true"]').count()).toBe(0)
  })
})

describe('menu drag ordering (local environment)', () => {
  let local: RunningServer
  let context: BrowserContext
  let page: Page
  snapshotFailures(() => [page])

  beforeAll(async () => {
    local = await startServer({ APP_ENV: 'local' })
    context = await newContext(browser, { baseURL: local.baseUrl })
    page = await context.newPage()
  })
  afterAll(async () => {
    await context?.close()
    await local?.stop()
  })

  it('dragging an item moves it, and a reload shows it in its new place', async () => {
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    await page.goto('/admin/menus/tree')
    const tree = page.locator('.bd-menu-tree')
    await page.getByText(zh.access.drag_hint).waitFor()
    const group = zhMenu(81)
    const firms = zhMenu(91)
    const banks = zhMenu(83)
    const products = zhMenu(99)
    expect((await childLabels(tree, group)).slice(0, 3)).toEqual([firms, products, banks])

    // Banks dropped on the lower half of the companies' row: after them.
    const target = treeNode(tree, firms)
    const box = await target.boundingBox()
    if (!box) throw new Error('the tree is not laid out')
    await treeNode(tree, banks).dragTo(target, { targetPosition: { x: 60, y: box.height * 0.75 } })
    await page.getByText(zh.messages.success.replace('{action}', zh.access.move)).waitFor()

    await page.reload()
    await treeNode(tree, firms).waitFor()
    expect((await childLabels(tree, group)).slice(0, 3)).toEqual([firms, banks, products])
    await snapshot(page, 'permissions-menu-tree-zh')
  })
})
