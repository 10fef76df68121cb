import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../db/schema/index'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'
import { insertFirm } from './testing/factories'

let t: TestApp
let firmId: number

/** Sends rows to the products' import as the super administrator, in a language. */
const importProducts = async (datas: unknown[], language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    headers: { ...(await loginAs(t.app, 1)).api, language },
    payload: { datas },
  })

beforeAll(async () => {
  t = await createTestApp()
  firmId = (await insertFirm(t.app.db, { name: 'Label import firm', type: 1 })).id
})
afterAll(() => t.close())

const stored = async (uid: string) =>
  (await t.app.db.select().from(products).where(eq(products.uid, uid)))[0] as
    | typeof products.$inferSelect
    | undefined

describe('import of a sheet headed by labels', () => {
  it('takes the labels users see, in any language, as well as the keys', async () => {
    const zh = {
      唯一标识: 'LBL-ZH-1',
      保险公司: firmId,
      一级分类: 1,
      二级分类: 2,
      险种分组: 2,
      名称: '中文表头产品',
      长期险种: 0,
    }
    const en = {
      'Unique identifier': 'LBL-EN-1',
      'insurance company': firmId,
      'First classification': 1,
      classify2_id: 2,
      'Insurance group': 2,
      Name: 'English header product',
    }
    // Read by a reader of another language than the file's.
    const response = await importProducts([zh, en], 'de')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ imported: 2, errors: [] })
    expect(await stored('LBL-ZH-1')).toMatchObject({ name: '中文表头产品', is_long_time: 0, firm_id: firmId })
    expect(await stored('LBL-EN-1')).toMatchObject({ name: 'English header product', classify2_id: 2 })
  })
})

describe('import errors', () => {
  it('names every wrong field of a row under the label of its resource', async () => {
    const row = {
      uid: 'LBL-BAD-1',
      firm_id: 999_999,
      classify_id: 1,
      classify2_id: 2,
      pclassify_id: 2,
      name: '',
      is_long_time: 7,
    }
    const zh = (await importProducts([row], 'zh-CN')).json()
    expect(zh.imported).toBe(0)
    const error = zh.errors[0].error as string
    // A product's name is its 名称, not a person's 姓名.
    expect(error).toContain('名称')
    expect(error).not.toContain('姓名')
    expect(error).toContain('长期险种')
    expect(error).toContain('所选的保险公司不存在')
    // The failed row comes back keyed by field, whatever headed the column.
    expect(zh.errors[0]).toMatchObject({ uid: 'LBL-BAD-1', firm_id: 999_999 })

    const en = (await importProducts([{ ...row, uid: 'LBL-BAD-2' }])).json()
    expect(en.errors[0].error).toMatch(/Name/)
    expect(en.errors[0].error).toMatch(/Insurance company/)
  })

  it('answers a form the same: a bad value and a missing record together', async () => {
    const { api } = await loginAs(t.app, 1)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { ...api, language: 'zh-CN' },
      payload: {
        uid: 'LBL-FORM-1',
        firm_id: 999_999,
        classify_id: 1,
        classify2_id: 2,
        pclassify_id: 2,
        name: '',
      },
    })
    expect(response.statusCode).toBe(422)
    const errors = response.json().errors
    expect(Object.keys(errors).sort()).toEqual(['firm_id', 'name'])
    expect(errors.name[0]).toContain('名称')
  })
})
