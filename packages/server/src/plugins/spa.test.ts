import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
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
