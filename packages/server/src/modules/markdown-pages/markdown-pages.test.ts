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
      name: 'User agreement',
      markdown: '# Terms\n\nBe **nice**.',
    })
    for (const key of ['privacy_policy', 'about']) {
      expect((await page(key)).json().page).toMatchObject({ key, markdown: '' })
    }
  })

  it('serves no other setting', async () => {
    for (const key of ['common_password', 'site_name', '']) {
      const answer = await page(key)
      expect(answer.statusCode, key).toBe(422)
      expect(Object.keys(answer.json().errors)).toEqual(['key'])
    }
  })
})
