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

describe('payment periods', () => {
  it('are seeded from one-time payment to paying until 70', async () => {
    const names = (await admin.get('/admin/years/list?per_page=50'))
      .json()
      .data.map((y: { name: string }) => y.name)
    expect(names).toEqual(
      expect.arrayContaining(['一次性交清', '5年交', '10年交', '20年交', '30年交', '交至70周岁']),
    )
  })

  it('take the value as a comma-separated list of positive integers, stored without spaces', async () => {
    const created = await admin.post('/admin/years', { name: 'Flexible', value: ' 3 , 5,10 ' })
    expect(created.statusCode).toBe(201)
    expect(created.json().row.value).toBe('3,5,10')
    for (const value of ['', '5,,10', 'ten', '5;10', '0', '-5', '3.5']) {
      const response = await admin.post('/admin/years', { name: 'Bad', value })
      expect(response.statusCode, value).toBe(422)
      expect(Object.keys(response.json().errors)).toEqual(['value'])
    }
  })
})
