import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
/** The super administrator's bearer token. */
let headers: { authorization: string }

beforeAll(async () => {
  t = await createTestApp()
  headers = (await loginAs(t.app, 1)).api
})
afterAll(() => t.close())

/** A request with a JSON body given as text, so that escapes and sizes travel as written. */
const sendJson = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: string, headers = {}) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json', language: 'en', ...headers },
  })

describe('text the database cannot store', () => {
  it('is refused with a 422 naming the field, in the query, the body and fields only the log sees', async () => {
    const filter = await t.app.inject({
      method: 'GET',
      url: '/api/admin/banks/list?name=a%00b',
      headers: { ...headers, language: 'en' },
    })
    expect(filter.statusCode).toBe(422)
    expect(filter.json().errors.name[0]).toContain('cannot be stored')

    const unknownField = await sendJson('PUT', '/api/admin/banks/1', '{"description":"a\\u0000b"}', headers)
    expect(unknownField.statusCode).toBe(422)
    expect(Object.keys(unknownField.json().errors)).toEqual(['description'])

    const loneSurrogate = await sendJson(
      'POST',
      '/api/admin/banks',
      '{"name":"\\ud800x","full_name":"Lone surrogate bank"}',
      headers,
    )
    expect(loneSurrogate.statusCode).toBe(422)
    expect(Object.keys(loneSurrogate.json().errors)).toEqual(['name'])
  })

  it('is refused for anonymous visitors too: the captcha answer', async () => {
    const response = await sendJson(
      'POST',
      '/api/open/captcha/verify',
      '{"id":"a\\u0000b","x":1,"duration_ms":900,"track":[[0,0,0],[1,0,400],[1,0,900]]}',
    )
    expect(response.statusCode).toBe(422)
    expect(response.json().errors.id[0]).toContain('cannot be stored')
  })
})

describe('requests to no route', () => {
  it('pass the same checks, before their 404', async () => {
    const deep = await sendJson('POST', '/api/nowhere?name=a%00b', `${'['.repeat(100)}${']'.repeat(100)}`)
    expect(deep.statusCode).toBe(400)
    const unstorable = await sendJson('POST', '/api/nowhere?name=a%00b', '{"a":"\\u0000"}')
    expect(unstorable.statusCode).toBe(422)
    expect((await sendJson('POST', '/api/nowhere', '{"a":1}')).statusCode).toBe(404)
  })
})

describe('JSON nesting', () => {
  const nested = (depth: number) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`

  it('is refused beyond the route limit with a 400, before anything reads the body', async () => {
    const deep = await sendJson('PUT', '/api/admin/banks/1', nested(20_000), headers)
    expect(deep.statusCode).toBe(400)
    expect(deep.json().message).toBe('The request is nested too deeply (at most 32 levels).')
    expect((await sendJson('PUT', '/api/admin/banks/1', nested(30), headers)).statusCode).toBe(422)

    const open = await sendJson('POST', '/api/open/login', `{"username":"a","password":${nested(8)}}`)
    expect(open.statusCode).toBe(400)
    expect(open.json().message).toContain('at most 8 levels')
  })
})

describe('body limits', () => {
  const padded = (bytes: number) => JSON.stringify({ name: 'x', remark: 'y'.repeat(bytes) })

  it('are 64 KB on the anonymous routes, 1 MB on the others, 10 MB on imports', async () => {
    const login = await sendJson('POST', '/api/open/login', padded(70 * 1024))
    expect(login.statusCode).toBe(413)
    expect(login.json().message).toBe('The request is too large.')
    expect((await sendJson('PUT', '/api/admin/banks/1', padded(1100 * 1024), headers)).statusCode).toBe(413)
    const rows = Array.from({ length: 20 }, (_, i) => ({
      name: `Big ${i}`,
      description: 'z'.repeat(100_000),
    }))
    const imported = await sendJson(
      'POST',
      '/api/admin/years/import',
      JSON.stringify({ datas: rows }),
      headers,
    )
    expect(imported.statusCode).not.toBe(413)
  })

  it('turn a 9 MB nested body away without parsing it', async () => {
    const depth = 4_500_000
    const started = performance.now()
    const response = await sendJson(
      'POST',
      '/api/admin/years/import',
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      headers,
    )
    const elapsed = performance.now() - started
    expect(response.statusCode).toBe(400)
    console.info(`a 9 MB nested import body is refused in ${Math.round(elapsed)} ms`)
  })
})
