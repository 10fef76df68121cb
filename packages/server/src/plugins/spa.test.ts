import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let webDist: string
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-web-'))
  fs.mkdirSync(path.join(webDist, 'assets'))
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script data-boot>window.booted = 1</script><!--app-config--></head><body><div id="root"></div></body></html>',
  )
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'))
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'))
  fs.writeFileSync(path.join(webDist, 'assets', 'style-def456.css'), 'body{margin:0}')
  fs.mkdirSync(path.join(webDist, 'images'))
  fs.writeFileSync(path.join(webDist, 'images', 'avatar.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  t = await createTestApp({ webDist, env: { PAGE_GRAY: '1' } })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(webDist, { recursive: true, force: true })
})

describe('serving the SPA', () => {
  it('answers any page path with index.html carrying the global configuration (history mode)', async () => {
    for (const url of ['/', '/open/index', '/admin/firms/12', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      const match = response.body.match(
        /<script nonce="([^"]+)">window\.__BROKERDESK_CONFIG__=(.*?);window\.__BROKERDESK_SESSION__=/,
      )
      expect(match).not.toBeNull()
      expect(JSON.parse(match?.[2] ?? '{}')).toMatchObject({ page_gray: 1, use_url: '/web-api' })
      expect(response.headers['content-security-policy']).toContain(`'nonce-${match?.[1]}'`)
      // The page's own boot script runs by the same nonce.
      expect(response.body).toContain(`<script data-boot nonce="${match?.[1]}">window.booted = 1</script>`)
    }
  })

  it('tells the page whether its request carried a session cookie (a hint for the start, not a check)', async () => {
    const hint = (body: string) => /window\.__BROKERDESK_SESSION__=(true|false)<\/script>/.exec(body)?.[1]
    const visitor = await t.app.inject({ method: 'GET', url: '/admin/products' })
    expect(hint(visitor.body)).toBe('false')
    const returning = await t.app.inject({
      method: 'GET',
      url: '/admin/products',
      cookies: { Authorization: 'some-session-token' },
    })
    expect(hint(returning.body)).toBe('true')
  })

  it('serves hashed assets with a long cache and answers a missing file with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)')
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' })
    expect(missing.statusCode).toBe(404)
  })

  it('sends the precompressed copy the browser takes, and the file itself to one that takes none', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers })
    const gzip = await get({ 'accept-encoding': 'gzip, deflate' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)')
    const refused = await get({ 'accept-encoding': 'br;q=0, gzip;q=0.5' })
    expect(refused.headers['content-encoding']).toBe('gzip')
    const plain = await get({ 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('console.log(1)')
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(plain.headers.vary).toContain('Accept-Encoding')
    // A file the build did not compress is sent as it is, with its type.
    const css = await t.app.inject({
      method: 'GET',
      url: '/assets/style-def456.css',
      headers: { 'accept-encoding': 'br' },
    })
    expect(css.headers['content-encoding']).toBeUndefined()
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.body).toBe('body{margin:0}')
  })

  it('answers 304 to the copy the browser has, HEAD without a body, and keeps files outside assets an hour', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/images/avatar.svg' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/svg+xml')
    expect(first.headers['cache-control']).toBe('public, max-age=3600')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await t.app.inject({
      method: 'GET',
      url: '/images/avatar.svg',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const changed = await t.app.inject({
      method: 'GET',
      url: '/images/avatar.svg',
      headers: { 'if-none-match': '"other"' },
    })
    expect(changed.statusCode).toBe(200)
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe(String('console.log(1)'.length))
    // index.html is never served as a file: it is the page, with its configuration.
    const index = await t.app.inject({ method: 'GET', url: '/index.html' })
    expect(index.statusCode).toBe(404)
    const traversal = await t.app.inject({ method: 'GET', url: '/assets/..%2F..%2Fetc%2Fpasswd' })
    expect(traversal.statusCode).toBe(404)
  })

  it('never answers an API path with the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web-api/admin/unknown' })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('not_found')
  })

  it('gives every answer the security headers, a nonce only to a page and a new one each time', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/web-api/open/config' })
    const pages = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url: '/' })))
    for (const response of [api, ...pages]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(response.headers['strict-transport-security']).toContain('max-age=')
      expect(response.headers['content-security-policy']).toContain("default-src 'self'")
      expect(response.headers['content-security-policy']).toContain("object-src 'none'")
    }
    const policy = String(api.headers['content-security-policy'])
    expect(policy).toMatch(/script-src 'self'(;|$| )/)
    expect(policy).not.toContain('nonce')
    const nonces = pages.map(
      (page) => String(page.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1],
    )
    expect(nonces[0]).toMatch(/^[\w-]{16,}$/)
    expect(nonces[1]).not.toBe(nonces[0])
    expect(pages[0].body).toContain(`nonce="${nonces[0]}"`)
  })
})
