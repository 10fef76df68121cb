import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { insertTestUser } from '../auth/insert-test-user'

let t: TestApp
let web: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  const user = await insertTestUser(t.app, {})
  web = { ...(await loginAs(t.app, user.id)).web, language: 'en' }
})
afterAll(() => t.close())

const regions = async (parentId: number | string) =>
  t.app.inject({ method: 'GET', url: `/web-api/home/map/regions?parent_id=${parentId}`, headers: web })

type Region = { value: number; label: string; leaf: boolean }

/** The first province, a city in it and a zone in that city, walked down like the cascader does. */
async function aPath() {
  const provinces: Region[] = (await regions(0)).json().regions
  const province = provinces.find((p) => p.label.startsWith('江苏')) ?? provinces[0]
  const city: Region = (await regions(province.value)).json().regions[0]
  const zone: Region = (await regions(city.value)).json().regions[0]
  return { province, city, zone }
}

describe('GET /home/map/regions', () => {
  it('answers the provinces, then the regions inside one, zones as leaves; a login is needed', async () => {
    const { province, city, zone } = await aPath()
    expect(province.leaf).toBe(false)
    expect(city.leaf).toBe(false)
    expect(zone.leaf).toBe(true)
    expect((await regions(zone.value)).json().regions).toEqual([])
    const anonymous = await t.app.inject({ method: 'GET', url: '/web-api/home/map/regions?parent_id=0' })
    expect(anonymous.statusCode).toBe(401)
    for (const bad of ['x', '-1', '1.5', '99999999999'])
      expect((await regions(bad)).statusCode, bad).toBe(422)
  })
})

describe('the place on the personal-data pages', () => {
  it('stores the names of the chosen regions beside their ids, whatever names are sent', async () => {
    const { province, city, zone } = await aPath()
    const saved = await t.app.inject({
      method: 'POST',
      url: '/web-api/home/personage/index',
      headers: web,
      payload: {
        province_id: province.value,
        city_id: city.value,
        zone_id: zone.value,
        province_name: 'Atlantis',
        city_name: '',
        zone_name: '',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().user).toMatchObject({
      province_id: province.value,
      province_name: province.label,
      city_id: city.value,
      city_name: city.label,
      zone_id: zone.value,
      zone_name: zone.label,
    })
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/web-api/home/personage/index',
      headers: web,
      payload: { province_id: 0, city_id: 0, zone_id: 0 },
    })
    expect(cleared.json().user).toMatchObject({ province_name: '', city_name: '', zone_name: '' })
  })

  it('refuses ids that are not one path down the regions, field by field, and keeps the stored place', async () => {
    const { province, city, zone } = await aPath()
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/web-api/admin/personage/index', headers: web, payload })
    const cases: [object, string[]][] = [
      [{ province_id: city.value, city_id: 0, zone_id: 0 }, ['province_id']],
      [{ province_id: province.value, city_id: zone.value, zone_id: 0 }, ['city_id']],
      [{ province_id: 0, city_id: city.value, zone_id: 0 }, ['city_id']],
      [{ province_id: province.value, city_id: city.value, zone_id: 1 }, ['zone_id']],
    ]
    const home = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/web-api/home/personage/index', headers: web, payload })
    for (const [payload, fields] of cases) {
      const answer = await home(payload)
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422)
      expect(Object.keys(answer.json().errors)).toEqual(fields)
    }
    expect((await post({ province_id: 0 })).statusCode).toBe(403)
  })
})
