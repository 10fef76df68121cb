import { CONFIG_GLOBAL_NAME } from '@brokerdesk/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CONFIG_URL, cspNonce, DEFAULT_CONFIG, getConfig, loadConfig } from './config'

afterEach(() => {
  document.head.innerHTML = ''
  delete window[CONFIG_GLOBAL_NAME]
})

describe('loadConfig', () => {
  it('takes the configuration the server injected into index.html without asking for it', async () => {
    window[CONFIG_GLOBAL_NAME] = { ...DEFAULT_CONFIG, name: 'Acme Brokers', page_gray: 1 }
    const fetchMock = vi.fn()
    const config = await loadConfig(window, fetchMock)
    expect(config).toMatchObject({ name: 'Acme Brokers', page_gray: 1 })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks GET /web-api/open/config when nothing was injected', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...DEFAULT_CONFIG, language: 'en' })))
    await loadConfig(window, fetchMock)
    expect(fetchMock).toHaveBeenCalledWith(CONFIG_URL, expect.objectContaining({ credentials: 'include' }))
    expect(getConfig().language).toBe('en')
  })

  it('falls back to the defaults when the server cannot be reached', async () => {
    const config = await loadConfig(window, vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    expect(config).toEqual(DEFAULT_CONFIG)
  })
})

describe('cspNonce', () => {
  it("prefers the csp-nonce meta element, else the config script's nonce", () => {
    expect(cspNonce()).toBeUndefined()
    document.head.innerHTML = '<script nonce="script-nonce">window.x = 1</script>'
    expect(cspNonce()).toBe('script-nonce')
    document.head.innerHTML += '<meta property="csp-nonce" nonce="style-nonce">'
    expect(cspNonce()).toBe('style-nonce')
  })
})
