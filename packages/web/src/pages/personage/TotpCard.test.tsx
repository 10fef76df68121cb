import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '../../api/config'
import { resetHttpState } from '../../api/http'
import { sessionStore } from '../../state/session-store'
import { clearCookies, putCookie } from '../../test/cookies'
import { TotpCard } from './TotpCard'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const CODES = Array.from({ length: 10 }, (_, n) => `abcde-${String(n).padStart(5, 'x')}`)
let fetchMock: ReturnType<typeof vi.fn>
/** What the server says about the user once the card reads the session again. */
let enabled = false

beforeEach(() => {
  setConfig({ use_url: '/web-api', web_url: '/web-api' })
  resetHttpState()
  clearCookies()
  putCookie('Client-Id', 'client-1')
  enabled = false
  sessionStore.set({
    user: { id: 7, security_step: 'totp', admin: { id: 2 } },
    lifetime: 120,
    loading: false,
  })
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x').pathname
    const method = init?.method ?? 'GET'
    if (url.endsWith('/open/token')) return json({ _token: 'csrf-1' })
    if (url.endsWith('/open/user'))
      return json({
        user: { id: 7, totp_enabled: enabled, security_step: enabled ? null : 'totp' },
        lifetime: 120,
      })
    if (url.endsWith('/home/personage/totp') && method === 'POST')
      return json({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x',
        qr_code: 'data:image/svg+xml;base64,',
      })
    if (url.endsWith('/home/personage/totp') && method === 'PUT') {
      const { code } = JSON.parse(String(init?.body))
      if (code !== '123456')
        return json(
          {
            message: 'x',
            code: 'validation',
            errors: { code: ['The code is wrong or has already been used.'] },
          },
          422,
        )
      enabled = true
      return json({ recovery_codes: CODES })
    }
    return json({}, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TotpCard area="home" />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** Opens the set-up: the key and QR code of a new secret. */
async function startSetUp(user: ReturnType<typeof userEvent.setup>) {
  renderCard()
  await user.click(screen.getByRole('button', { name: 'Set up' }))
  expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy()
  return screen.getByLabelText('Code shown by the app')
}

describe('TotpCard', () => {
  it('says a required set-up, shows the key and QR code, and puts a wrong code under its field', async () => {
    const user = userEvent.setup()
    const code = await startSetUp(user)
    expect(
      screen.getByText('Two-factor login is required for administrators: set it up to continue.'),
    ).toBeTruthy()
    expect(screen.getByAltText('QR code for the authenticator app')).toBeTruthy()
    await user.click(code)
    await user.paste('000000')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('The code is wrong or has already been used.')).toBeTruthy()
    expect(enabled).toBe(false)
  }, 20_000)

  it('turns on with a right code: the ten recovery codes once, the step gone, then the way to turn it off', async () => {
    const user = userEvent.setup()
    const code = await startSetUp(user)
    await user.click(code)
    await user.paste('123456')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10))
    expect(screen.getByText(CODES[0])).toBeTruthy()
    await waitFor(() => expect(sessionStore.get().user.totp_enabled).toBe(true))
    expect(sessionStore.get().user.security_step).toBeNull()
    await user.click(screen.getByRole('button', { name: 'I have saved them' }))
    expect(await screen.findByText('On')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy()
  }, 20_000)
})
