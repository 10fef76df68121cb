import type { MenuNode } from '@brokerdesk/shared'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm, createProduct } from './support/api'
import { launchBrowser, loggedInContext, snapshot, snapshotFailures } from './support/browser'
import { zh, zhMenu } from './support/identity'
import { type RunningServer, startServer } from './support/server'

const ROLE = 'Product editor'
const EDITOR = { name: '产品编辑', password: 'editor-pass-1' }
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

/** A name of its own for each thing a test makes. */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`

/** The ids of the items whose routes are `routes` (as heldRoutes writes them), with the items above them. */
function itemsOf(menus: MenuNode[], routes: string[]): number[] {
  const ids = new Set<number>()
  const walk = (nodes: MenuNode[], above: number[]) => {
    for (const node of nodes) {
      if (node.url && node.method.length > 0 && routes.includes(`${node.method.join('|')} ${node.url}`))
        for (const id of [...above, node.id]) ids.add(id)
      walk(node.childrens ?? [], [...above, node.id])
    }
  }
  walk(menus, [])
  return [...ids]
}

/** The routes of the product editor's role: the product list, show and update. */
const EDITOR_ROUTES = [
  '1 /admin/products',
  '1 /admin/products/list',
  '1 /admin/products/{id}',
  '4 /admin/products/{id}',
]

/** Adds a role through the API, holding the items of `routes` when given; answers its name and id. */
async function createRole(
  context: BrowserContext,
  routes: string[] = [],
): Promise<{ name: string; id: number }> {
  const name = `${ROLE} ${unique()}`
  const role = await callApi<{ row: { id: number } }>(context, 'POST', '/admin/roles', { name })
  expect(role.status, JSON.stringify(role.body)).toBe(201)
  const id = role.body.row.id
  if (routes.length) {
    const tree = await callApi<{ menus: MenuNode[] }>(context, 'GET', `/admin/roles/${id}/permissions`)
    const saved = await callApi(context, 'PUT', `/admin/roles/${id}/permissions`, {
      menu_ids: itemsOf(tree.body.menus, routes),
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  }
  return { name, id }
}

describe('roles and back-office users', () => {
  let admin: BrowserContext
  let page: Page
  let editor: BrowserContext | undefined
  let own: Page | undefined
  snapshotFailures(() => [page, own])

  beforeEach(async () => {
    admin = await loggedInContext(browser)
    page = await admin.newPage()
  })
  afterEach(async () => {
    await editor?.close()
    editor = undefined
    own = undefined
    await admin?.close()
  })

  it(`gives a new role "${ROLE}" only the product list, show and update in its permission tree`, async () => {
    // The role through the API: its form is the resource form that the catalogue's tests fill.
    const { name: role, id: roleId } = await createRole(admin)
    await page.goto('/admin/roles')
    const row = page.getByRole('row').filter({ hasText: role })
    await row.getByRole('button', { name: `${zh.access.permissions} #${roleId}` }).click()

    const drawer = page.getByRole('dialog')
    await drawer.getByText(zh.access.permissions_of.replace('{name}', role)).waitFor()
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
    expect(routes.sort()).toEqual([...EDITOR_ROUTES].sort())
  })

  it('creates a back-office user with a new account holding a role', async () => {
    const role = await createRole(admin)
    const uname = `editor${unique()}`
    // The form at its address: a list's create link has its test in the catalogue (the bank's).
    await page.goto('/admin/admins/create')
    await page.getByText(zh.access.create_account, { exact: true }).click()
    const admins = form(page, 'admins')
    await admins.locator('#resource-admins_uname').fill(uname)
    await admins.locator('#resource-admins_name').fill(EDITOR.name)
    await admins.locator('#resource-admins_password').fill(EDITOR.password)
    await item(page, 'admins', zh.fields.role_ids).locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByTitle(role.name, { exact: true }).click()
    await page.getByRole('heading', { level: 1 }).click()
    await snapshot(page, 'permissions-admin-create-zh')
    await admins.locator('button[type=submit]').click()
    await page.waitForURL('**/admin/admins')
    await page.getByRole('cell', { name: uname, exact: true }).waitFor()
  })

  it('binds an existing account as a back-office user, found by searching it', async () => {
    const role = await createRole(admin)
    const uname = `bound${unique()}`
    const account = await callApi(page, 'POST', '/admin/users', {
      uname,
      name: '已有账号',
      password: 'bound-pass-1',
    })
    expect(account.status, JSON.stringify(account.body)).toBe(201)
    await page.goto('/admin/admins/create')
    const admins = form(page, 'admins')
    await admins.waitFor()
    await item(page, 'admins', zh.fields.user_id).locator('.ant-select').click()
    await page.keyboard.type(uname.slice(0, -2))
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${uname} · 已有账号`).click()
    await item(page, 'admins', zh.fields.role_ids).locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible').getByTitle(role.name, { exact: true }).click()
    await page.getByRole('heading', { level: 1 }).click()
    await admins.locator('button[type=submit]').click()
    await page.waitForURL('**/admin/admins')
    await page.getByRole('cell', { name: uname, exact: true }).waitFor()
  })

  describe('the product editor', () => {
    /**
     * A product to edit, and a back-office user whose role holds only the product list, show and
     * update, logged in in a profile of their own (`own`); answers the product.
     */
    async function logInProductEditor(): Promise<{ id: number; name: string }> {
      const name = `权限测试产品${unique()}`
      const account = { uname: `prodeditor${unique()}`, name: EDITOR.name, password: EDITOR.password }
      // The product and the editor's account do not wait for each other.
      const [id] = await Promise.all([
        createFirm(admin, `权限测试保险${unique()}`).then((firmId) =>
          createProduct(admin, { name, firm_id: firmId }),
        ),
        (async () => {
          const role = await createRole(admin, EDITOR_ROUTES)
          const created = await callApi(admin, 'POST', '/admin/admins', { ...account, role_ids: [role.id] })
          expect(created.status, JSON.stringify(created.body)).toBe(201)
          editor = await loggedInContext(browser, {
            as: { username: account.uname, password: account.password },
          })
          own = await editor.newPage()
        })(),
      ])
      return { id, name }
    }

    it('sees only the insurance products menu, with only an edit button on a product', async () => {
      const product = await logInProductEditor()
      const own = editorPage()
      await own.goto('/admin/products')
      const menu = own.locator('.bd-admin__menu')
      await menu.waitFor()
      expect(await menu.locator('a').allTextContents()).toEqual([zhMenu(99)])

      const row = own.getByRole('row').filter({ hasText: product.name })
      await row.waitFor()
      // the edit link is the row's one action: no delete button; the selection box chooses rows for
      // a bulk edit, which the update permission allows
      expect(await row.getByRole('button').count()).toBe(0)
      expect(await row.getByRole('checkbox').count()).toBe(1)
      expect(await row.getByRole('link', { name: `${zh.actions.update} #${product.id}` }).count()).toBe(1)
      for (const name of [zh.actions.export, zh.actions.import, zh.list.batch_delete]) {
        expect(await own.getByRole('button', { name }).count(), name).toBe(0)
      }
      expect(await own.getByRole('link', { name: zh.actions.create }).count()).toBe(0)
      await snapshot(own, 'permissions-product-editor-zh')
    })

    it('edits a product and saves it', async () => {
      const product = await logInProductEditor()
      const own = editorPage()
      await own.goto(`/admin/products/${product.id}`)
      const products = form(own, 'products')
      await products.locator('#resource-products_name').fill(`${product.name}改`)
      await products.locator('button[type=submit]').click()
      await own.waitForURL('**/admin/products')
      await own.getByRole('cell', { name: `${product.name}改`, exact: true }).waitFor()
    })

    it('gets the 403 page on /admin/firms and a 403 from the API on a firm route', async () => {
      const product = await logInProductEditor()
      const own = editorPage()
      await own.goto('/admin/firms')
      await own.getByText(zh.errors.forbidden.title).waitFor()
      await snapshot(own, 'permissions-forbidden-zh')
      const list = await callApi<{ message: string }>(own, 'GET', '/admin/firms/list')
      expect(list.status).toBe(403)
      expect(list.body.message).toBe('您无权访问该页面！')
      expect((await callApi(own, 'DELETE', '/admin/products', { ids: [product.id] })).status).toBe(403)
    })

    /** The product editor's tab (logInProductEditor opens it). */
    function editorPage(): Page {
      if (!own) throw new Error('the product editor is not logged in')
      return own
    }
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
    context = await loggedInContext(browser, { baseURL: local.baseUrl })
    page = await context.newPage()
  })
  afterAll(async () => {
    await context?.close()
    await local?.stop()
  })

  it('dragging an item moves it in the tree, and the server keeps it in its new place', async () => {
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

    // The page reads the tree again after a move.
    await expect
      .poll(async () => (await childLabels(tree, group)).slice(0, 3))
      .toEqual([firms, banks, products])
    await snapshot(page, 'permissions-menu-tree-zh')
    // Kept: the tree the page loads (its first load above showed the server's order) has it moved.
    const stored = await callApi<{ menus: MenuNode[] }>(page, 'GET', '/admin/menus/tree')
    const childrenOf = (menus: MenuNode[], id: number): MenuNode[] =>
      menus.flatMap((node) =>
        node.id === id ? (node.childrens ?? []) : childrenOf(node.childrens ?? [], id),
      )
    const order = childrenOf(stored.body.menus, 81).map((node) => node.id)
    expect(order.slice(0, 3)).toEqual([91, 83, 99])
  })
})
