import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productsBinding } from '../modules/products/products.resource'
import { createTestApp, type TestApp } from '../testing/test-app'
import { importRecords } from './import-records'
import { insertFirm } from './testing/factories'
import type { ResourceBinding, ResourceContext } from './types'

let t: TestApp
let firmId: number
beforeAll(async () => {
  t = await createTestApp()
  firmId = (await insertFirm(t.app.db, { name: 'Timeout firm', type: 1 })).id
})
afterAll(() => t.close())

/** The super administrator's import of products, as the route would make it. */
const context = (): ResourceContext => ({
  db: t.app.db,
  language: 'en',
  env: t.app.config.env,
  appKey: t.app.appKey,
  userId: 1,
  roleIds: [1],
  ip: '127.0.0.1',
  method: 'POST',
  url: '/api/admin/products/import',
  menuUrl: '/admin/products/import',
  settings: t.app.settings,
})

/** The products' binding, telling the statement time-out its check of each row runs under. */
function bindingSeeingTimeout(seen: string[]): ResourceBinding {
  return {
    ...productsBinding,
    beforeWrite: async (values, args) => {
      const found = (await args.tx.execute(
        sql`select current_setting('statement_timeout') as "timeout"`,
      )) as unknown as {
        rows: { timeout: string }[]
      }
      seen.push(found.rows[0].timeout)
      return productsBinding.beforeWrite ? productsBinding.beforeWrite(values, args) : values
    },
  }
}

const row = (uid: string) => ({
  uid,
  firm_id: firmId,
  classify_id: 1,
  classify2_id: 2,
  pclassify_id: 2,
  name: `Timeout ${uid}`,
})

describe("an import chunk's statement time-out", () => {
  it('holds for the whole transaction, with a key (set by its claim) and without', async () => {
    for (const key of ['timeout-task-0', undefined]) {
      const seen: string[] = []
      const answer = await importRecords({
        ctx: context(),
        binding: bindingSeeingTimeout(seen),
        datas: [row(`TO-${key ?? 'none'}-1`), row(`TO-${key ?? 'none'}-2`)],
        key,
        statementTimeoutMs: 123_456,
      })
      expect(answer, String(key)).toEqual({ status: 200, imported: 2, errors: [] })
      expect(seen, String(key)).toEqual(['123456ms', '123456ms'])
    }
  })
})
