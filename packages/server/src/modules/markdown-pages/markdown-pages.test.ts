import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

const page = (key: string) => t.app.inject({ method: 'GET', url: `/web-api/open/markdown?key=${key}` })

describe('GET /open/markdown', () => {
  it('answers the markdown of the agreement, the privacy policy and the about page to any visitor', async () => {
    const configs = (await admin.get('/admin/configs/list?key=user_agreement')).json().data
    await admin.put(`/admin/configs/${configs[0].id}`, { value: '# Terms\n\nBe **nice**.' })
    const agreement = await page('user_agreement')
    expect(agreement.statusCode).toBe(200)
    expect(agreement.json().page).toMatchObject({
      key: 'user_agreement',
      name: '用户协议', // the default language's name of the seeded setting
      markdown: '# Terms\n\nBe **nice**.',
    })
    expect((await page('about')).json().page).toMatchObject({ key: 'about', markdown: '' })
  })

  it("answers the default agreement and privacy policy in the reader's language until they are edited", async () => {
    const read = async (key: string, language: string) =>
      (await t.app.inject({ url: `/web-api/open/markdown?key=${key}`, headers: { language } })).json().page
    expect(await read('privacy_policy', 'zh-CN')).toMatchObject({ name: '隐私政策' })
    expect((await read('privacy_policy', 'zh-CN')).markdown).toMatch(
      /^本政策说明本站保存哪些个人信息[\s\S]*## 您的权利/,
    )
    expect((await read('privacy_policy', 'en')).markdown).toMatch(/^This policy explains which personal data/)
    expect((await read('privacy_policy', 'de')).markdown).toMatch(/^Diese Erklärung beschreibt/)
    expect((await read('user_agreement', 'ja')).name).not.toMatch(/[A-Za-z]/)
    const [row] = (await admin.get('/admin/configs/list?key=privacy_policy')).json().data
    await admin.put(`/admin/configs/${row.id}`, { value: '# Privacy\n\nOur own words.' })
    expect((await read('privacy_policy', 'zh-CN')).markdown).toBe('# Privacy\n\nOur own words.')
  })

  it('serves no other setting', async () => {
    for (const key of ['common_password', 'site_name', '']) {
      const answer = await page(key)
      expect(answer.statusCode, key).toBe(422)
      expect(Object.keys(answer.json().errors)).toEqual(['key'])
    }
  })
})
