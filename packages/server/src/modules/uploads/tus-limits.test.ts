import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { samplePdf, tusClient } from '../../testing/tus-client'
import { insertTestUser } from '../auth/insert-test-user'
import { MAX_OPEN_UPLOADS } from './upload-quota'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_QUOTA_MB: '8' } })
})
afterAll(() => t.close())

const newUser = async () => (await loginAs(t.app, (await insertTestUser(t.app)).id)).api
const MB = 1024 * 1024

describe('open resumable uploads and the quota', () => {
  it('counts an upload at its declared length from its creation', async () => {
    const tus = tusClient(t, await newUser())
    // 8 MB of quota: three declared 3 MB uploads would need 9.
    expect((await tus.create(3 * MB, 'a.pdf', 'document')).statusCode).toBe(201)
    expect((await tus.create(3 * MB, 'b.pdf', 'document')).statusCode).toBe(201)
    const third = await tus.create(3 * MB, 'c.pdf', 'document')
    expect(third.statusCode).toBe(422)
    expect(third.json().errors.file[0]).toContain('8 MB')
    // What is left still fits.
    expect((await tus.create(2 * MB, 'd.pdf', 'document')).statusCode).toBe(201)
  })

  it('gives the space back when an upload is ended, and counts a finished one once', async () => {
    const tus = tusClient(t, await newUser())
    const first = await tus.create(5 * MB, 'a.pdf', 'document')
    expect((await tus.create(5 * MB, 'b.pdf', 'document')).statusCode).toBe(422)
    expect((await tus.terminate(String(first.headers.location))).statusCode).toBe(204)
    const data = samplePdf(5 * 1024)
    const second = await tus.create(data.length, 'b.pdf', 'document')
    expect(second.statusCode).toBe(201)
    const done = await tus.patch(String(second.headers.location), 0, data)
    expect(done.statusCode, done.body).toBe(200)
    // 5 MB stored, 3 MB left.
    expect((await tus.create(3 * MB + 1, 'c.pdf', 'document')).statusCode).toBe(422)
    expect((await tus.create(3 * MB - 1024, 'c.pdf', 'document')).statusCode).toBe(201)
  })

  it('gives the space back when a finished file is refused', async () => {
    const tus = tusClient(t, await newUser())
    const fake = Buffer.alloc(6 * MB, 1)
    const created = await tus.create(fake.length, 'fake.pdf', 'document')
    expect(created.statusCode).toBe(201)
    expect((await tus.patch(String(created.headers.location), 0, fake)).statusCode).toBe(422)
    expect((await tus.create(6 * MB, 'real.pdf', 'document')).statusCode).toBe(201)
  })

  it(`keeps at most ${MAX_OPEN_UPLOADS} uploads of a user open`, async () => {
    const tus = tusClient(t, await newUser())
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++)
      expect((await tus.create(1024, `${i}.pdf`, 'document')).statusCode).toBe(201)
    const over = await tus.create(1024, 'over.pdf', 'document')
    expect(over.statusCode).toBe(422)
    expect(over.json().errors.file[0]).toBe(
      `At most ${MAX_OPEN_UPLOADS} uploads can be unfinished at once: finish or cancel one first`,
    )
    // Another user is not held by them.
    expect((await tusClient(t, await newUser()).create(1024, 'x.pdf', 'document')).statusCode).toBe(201)
  })
})

describe('the tus protocol', () => {
  it('refuses extensions it does not offer with a 400, not a 501', async () => {
    const tus = tusClient(t, await newUser())
    const extras: Record<string, string>[] = [{ 'upload-concat': 'partial' }, { 'upload-defer-length': '1' }]
    for (const extra of extras) {
      const answer = await tus.send('POST', '/api/home/upload/tus', {
        ...extra,
        'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
      })
      expect(answer.statusCode, JSON.stringify(extra)).toBe(400)
      expect(answer.json().message).toMatch(/not offered/)
    }
  })

  it('answers OPTIONS with the discovery headers', async () => {
    const answer = await tusClient(t, await newUser()).send('OPTIONS', '/api/home/upload/tus', {})
    expect(answer.statusCode).toBe(204)
    expect(answer.headers['tus-version']).toBe('1.0.0')
    expect(answer.headers['tus-extension']).toBe('creation,creation-with-upload,termination,expiration')
    expect(Number(answer.headers['tus-max-size'])).toBe(51200 * 1024)
  })

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(Object.keys(document.paths['/api/home/upload/tus']).sort()).toEqual(['options', 'post'])
    expect(Object.keys(document.paths['/api/home/upload/tus/{id}']).sort()).toEqual([
      'delete',
      'head',
      'patch',
    ])
  })
})
