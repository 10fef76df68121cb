import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm, uploadFile } from './support/api'
import { launchBrowser, loggedInContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'
import { type RunningServer, startServer } from './support/server'

const SERVER_START_MS = 120_000
const WITHIN = { timeout: 15_000 }
const stamp = Date.now().toString(36).slice(-5)
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const save = new RegExp(`^${[...zh.actions.save].join('\\s*')}$`)

/** An HTTP stand-in of AMap's place search, answering one tower for any words with the right key. */
function startAmapStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    response.setHeader('content-type', 'application/json')
    const good = url.pathname === '/v3/place/text' && url.searchParams.get('key') === 'e2e-amap-key'
    response.end(
      JSON.stringify(
        good
          ? {
              status: '1',
              pois: [
                {
                  id: 'B00155L3RP',
                  name: `${url.searchParams.get('keywords')}大厦`,
                  address: '世纪大道88号',
                  location: '121.506377,31.245105',
                  pname: '上海市',
                  cityname: '上海市',
                  adname: '浦东新区',
                },
              ],
            }
          : { status: '0', info: 'INVALID_USER_KEY' },
      ),
    )
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}

let standIn: Awaited<ReturnType<typeof startAmapStandIn>>
let server: RunningServer
let browser: Browser
/** Each test's own profile, logged in as the administrator, and its tab. */
let context: BrowserContext
let page: Page
let other: Page | undefined

beforeAll(async () => {
  standIn = await startAmapStandIn()
  server = await startServer({ AMAP_API_URL: standIn.url })
  browser = await launchBrowser()
}, SERVER_START_MS)
beforeEach(async () => {
  context = await loggedInContext(browser, { baseURL: server.baseUrl })
  page = await context.newPage()
})
afterEach(async () => {
  await other?.context().close()
  other = undefined
  await context?.close()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await standIn?.close()
})

describe('editors', () => {
  snapshotFailures(() => [page, other])

  it("the firm's notice written in the rich-text editor is saved with bold text, an image and a typed <script> as text", async () => {
    const id = await createFirm(page, `须知保险${stamp}`)
    await page.goto(`/admin/firms/${id}`)
    const editor = page.locator('#resource-firms_insure_notify')
    await editor.click()
    await page.getByRole('button', { name: zh.editor.bold }).click()
    await page.keyboard.type('投保前请仔细阅读')
    await page.getByRole('button', { name: zh.editor.bold }).click()
    await page.keyboard.insertText(' <script>window.__pwned = 1</script>')
    await page
      .getByTestId('rich-text-image')
      .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: PNG })
    await editor.locator('img[src^="/uploads/"]').waitFor(WITHIN)
    await snapshot(page, 'editors-rich-text-zh')
    await page.getByRole('button', { name: save }).click()
    await page.waitForURL('**/admin/firms')

    const stored = await callApi<{ row: { insure_notify: string } }>(page, 'GET', `/admin/firms/${id}`)
    expect(stored.body.row.insure_notify).toContain('<strong>投保前请仔细阅读</strong>')
    expect(stored.body.row.insure_notify).toContain('&lt;script&gt;')
    expect(stored.body.row.insure_notify).toMatch(/<img src="\/uploads\/[^"]+"/)
  })

  /** A company whose notice is as the editor stores it (the test above writes one); answers its id. */
  async function firmWithNotice(name: string): Promise<number> {
    const id = await createFirm(page, name)
    const image = await uploadFile(page, { name: 'seal.png', mimeType: 'image/png', buffer: PNG })
    const notice = `<p><strong>投保前请仔细阅读</strong> &lt;script&gt;window.__pwned = 1&lt;/script&gt;</p><p><img src="${image}"></p>`
    expect((await callApi(page, 'PUT', `/admin/firms/${id}`, { insure_notify: notice })).status).toBe(200)
    return id
  }

  it('the rich-text editor shows a saved notice again, with bold text, its image and the script as text', async () => {
    const id = await firmWithNotice(`须知再开${stamp}`)
    await page.goto(`/admin/firms/${id}`)
    const editor = page.locator('#resource-firms_insure_notify')
    // The editor is a chunk of its own, which a fresh profile loads first.
    await editor.waitFor()
    await editor.locator('strong', { hasText: '投保前请仔细阅读' }).waitFor(WITHIN)
    await editor.getByText('<script>window.__pwned = 1</script>').waitFor()
    await editor.locator('img[src^="/uploads/"]').waitFor()
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  })

  it('shows the notice to someone who may only look, on the detail page, with the script as text', async () => {
    const id = await firmWithNotice(`须知只读${stamp}`)
    const role = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/roles', {
      name: `只读${stamp}`,
      parent_id: 1,
    })
    type Node = { id: number; url: string; method: number[]; childrens?: Node[] }
    const tree = await callApi<{ menus: Node[] }>(page, 'GET', `/admin/roles/${role.body.row.id}/permissions`)
    const ids: number[] = []
    const walk = (nodes: Node[]) => {
      for (const node of nodes) {
        if (
          ['/admin/firms', '/admin/firms/list', '/admin/firms/{id}'].includes(node.url) &&
          node.method.includes(1)
        )
          ids.push(node.id)
        walk(node.childrens ?? [])
      }
    }
    walk(tree.body.menus)
    expect(ids.length).toBeGreaterThanOrEqual(3)
    const granted = await callApi(page, 'PUT', `/admin/roles/${role.body.row.id}/permissions`, {
      menu_ids: ids,
    })
    expect(granted.status).toBe(200)
    const reader = { uname: `reader${stamp}`, name: '只读专员', password: 'reader-pass-1' }
    const created = await callApi(page, 'POST', '/admin/admins', { ...reader, role_ids: [role.body.row.id] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    other = await (
      await loggedInContext(browser, {
        baseURL: server.baseUrl,
        as: { username: reader.uname, password: reader.password },
      })
    ).newPage()
    await other.goto(`/admin/firms/${id}`)
    const detail = other.locator('.ant-descriptions .bd-rich-text')
    await detail.locator('strong', { hasText: '投保前请仔细阅读' }).waitFor(WITHIN)
    await detail.locator('img[src^="/uploads/"]').waitFor()
    await detail.getByText('<script>window.__pwned = 1</script>').waitFor()
    expect(await other.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await snapshot(other, 'editors-rich-text-detail-zh')
  })

  /** The about page's setting (markdown), by its id. */
  async function aboutSetting(): Promise<number> {
    const about = await callApi<{ data: { id: number }[] }>(page, 'GET', '/admin/configs/list?key=about')
    return about.body.data[0].id
  }

  it("a markdown setting's live preview shows a table as it is typed, and the typed text is saved", async () => {
    const id = await aboutSetting()
    await page.goto(`/admin/configs/${id}`)
    const source = page.locator('#resource-configs_value')
    const typed = `# 关于我们\n\n| 险种 | 保额 |\n| --- | --- |\n| 住院医疗${stamp} | 200万 |\n\n\`\`\`\ncode\n\`\`\``
    await source.fill(typed)
    const preview = page.getByTestId('markdown-preview')
    await preview.locator('table td', { hasText: `住院医疗${stamp}` }).waitFor(WITHIN)
    await preview.locator('pre code', { hasText: 'code' }).waitFor()
    await snapshot(page, 'editors-markdown-zh')
    await page.getByRole('button', { name: save }).click()
    await page.waitForURL('**/admin/configs')
    // Kept by the server (its public page: the test below).
    const stored = await callApi<{ row: { value: string } }>(page, 'GET', `/admin/configs/${id}`)
    expect(stored.body.row.value).toBe(typed)
  })

  it("a markdown setting's public page shows its table", async () => {
    // Saved through the API (the form's save: the test above).
    const value = `# 关于我们\n\n| 险种 | 保额 |\n| --- | --- |\n| 意外保障${stamp} | 100万 |`
    expect((await callApi(page, 'PUT', `/admin/configs/${await aboutSetting()}`, { value })).status).toBe(200)
    await page.goto('/open/markdown?key=about')
    await page.locator('.bd-rich-text table td', { hasText: `意外保障${stamp}` }).waitFor(WITHIN)
  })
})

describe('maps and places', () => {
  snapshotFailures(() => [page])

  /** The personal data page, its form and coordinate inputs. */
  async function personalData() {
    await page.goto('/home/personage/index')
    const form = page.locator('form#personage-home')
    return { form, lng: form.locator('#personage-home_lng'), lat: form.locator('#personage-home_lat') }
  }

  it('without a browser key the picker is number inputs with a hint, which check their range', async () => {
    const { form, lng } = await personalData()
    await page.getByTestId('map-hint').getByText(zh.map.no_key).waitFor(WITHIN)
    expect(await page.getByTestId('map-canvas').count()).toBe(0)
    await lng.fill('200')
    await lng.blur()
    await form.locator('.ant-form-item-explain-error').first().waitFor(WITHIN)
  })

  it('the place search goes through the server (its key) and fills the coordinates', async () => {
    const key = await callApi<{ data: { id: number }[] }>(
      page,
      'GET',
      '/admin/configs/list?key=amap_server_key',
    )
    const set = await callApi(page, 'PUT', `/admin/configs/${key.body.data[0].id}`, { value: 'e2e-amap-key' })
    expect(set.status).toBe(200)
    const { lng, lat } = await personalData()
    await page.getByPlaceholder(zh.map.search_placeholder).fill('金茂')
    await page.getByPlaceholder(zh.map.search_placeholder).press('Enter')
    await page.getByRole('button', { name: /金茂大厦/ }).click()
    await expect.poll(() => lng.inputValue(), WITHIN).toBe('121.506377')
    expect(await lat.inputValue()).toBe('31.245105')
  })

  it('saves the place and the coordinates, and shows them again after a reload', async () => {
    const { form, lng, lat } = await personalData()
    await lng.fill('121.506377')
    await lat.fill('31.245105')
    await form.locator('#personage-home_province_id').click()
    await page.locator('.ant-cascader-menu-item', { hasText: '北京市' }).click()
    await page.locator('.ant-cascader-menu-item', { hasText: '朝阳区' }).click()
    await page.keyboard.press('Escape')
    await snapshot(page, 'editors-map-no-key-zh')
    await form.getByRole('button', { name: save }).click()
    await expect
      .poll(
        async () =>
          (await callApi<{ user: Record<string, unknown> }>(page, 'GET', '/home/personage/index')).body.user,
        WITHIN,
      )
      .toMatchObject({
        province_name: '北京市',
        city_name: '朝阳区',
        zone_name: '',
        lng: 121.506377,
        lat: 31.245105,
      })

    await page.reload()
    await form.getByText('北京市 / 朝阳区').waitFor(WITHIN)
    expect(await lng.inputValue()).toBe('121.506377')
  })
})
