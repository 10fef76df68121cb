import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '../../../api/config'
import { HttpError } from '../../../api/http'
import { putCookie } from '../../../test/cookies'
import { LoginForm } from './LoginForm'
import type { LoginValues } from './use-login-values'

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

const failed = (extras: Record<string, unknown> = {}) =>
  new HttpError(
    422,
    {
      message: 'These credentials do not match our records.',
      code: 'validation',
      errors: { username: ['These credentials do not match our records.'] },
      ...extras,
    } as never,
    false,
  )

beforeEach(() => {
  setConfig({ use_url: '/web-api', web_url: '/web-api' })
  putCookie('Client-Id', 'client-1')
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            id: 'c1',
            image: PIXEL,
            piece: PIXEL,
            y: 10,
            width: 300,
            height: 150,
            piece_width: 54,
            expires_in: 120,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  )
})

function renderForm(submit: (values: LoginValues) => Promise<never>) {
  render(
    <MemoryRouter>
      <LoginForm name="login" full submit={submit} onLoggedIn={vi.fn()} submitText="Log in" />
    </MemoryRouter>,
  )
}

/** Fills a field at once: these tests are about the server's answers, not typing (the e2e types). */
async function fill(user: ReturnType<typeof userEvent.setup>, placeholder: string, value: string) {
  const input = screen.getByPlaceholderText(placeholder)
  await user.clear(input)
  await user.paste(value)
}

async function attempt(user: ReturnType<typeof userEvent.setup>, password: string) {
  await fill(user, 'Your password', password)
  await user.click(screen.getByRole('button', { name: 'Log in' }))
}

describe('LoginForm', () => {
  it('puts a refused login under the account field, and shows the slider once the server asks for it', async () => {
    const user = userEvent.setup()
    const submit = vi
      .fn<(values: LoginValues) => Promise<never>>()
      .mockRejectedValueOnce(failed())
      .mockRejectedValueOnce(failed({ captcha_required: true }))
    renderForm(submit)
    await fill(user, 'Account name, e-mail or mobile number', 'alice')
    await attempt(user, 'wrong-1')
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy()
    expect(screen.queryByRole('slider')).toBeNull()

    await attempt(user, 'wrong-2')
    expect(await screen.findByRole('slider')).toBeTruthy()
    expect(screen.getByText('Security check')).toBeTruthy()
    expect(submit).toHaveBeenLastCalledWith({ username: 'alice', password: 'wrong-2', remember: false })

    // Not without the slider solved.
    await attempt(user, 'wrong-3')
    expect(await screen.findByText('Please complete the verification code correctly.')).toBeTruthy()
    expect(submit).toHaveBeenCalledTimes(2)
  })

  it('says how long a locked account must wait, without the stale messages of earlier tries', async () => {
    const user = userEvent.setup()
    const locked = new HttpError(
      429,
      { message: 'Too many failed logins.', code: 'too_many_requests', retry_after: 840 } as never,
      false,
    )
    const submit = vi
      .fn<(values: LoginValues) => Promise<never>>()
      .mockRejectedValueOnce(failed())
      .mockRejectedValueOnce(locked)
    renderForm(submit)
    await fill(user, 'Account name, e-mail or mobile number', 'alice')
    await attempt(user, 'wrong-1')
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy()
    await attempt(user, 'wrong-2')
    expect(await screen.findByText('Login temporarily locked')).toBeTruthy()
    expect(
      screen.getByText('Too many failed logins for this account. Please try again in 14 min.'),
    ).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('These credentials do not match our records.')).toBeNull())
  })

  it('checks every field with the shared rules before sending, and shows the typed password on request', async () => {
    const user = userEvent.setup()
    const submit = vi.fn<(values: LoginValues) => Promise<never>>()
    renderForm(submit)
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('The Username field is required')).toBeTruthy()
    expect(screen.getByText('The Password field is required')).toBeTruthy()
    const account = screen.getByPlaceholderText('Account name, e-mail or mobile number')
    expect(document.activeElement).toBe(account)
    expect(account.getAttribute('aria-invalid')).toBe('true')
    expect(submit).not.toHaveBeenCalled()

    await fill(user, 'Account name, e-mail or mobile number', 'alice')
    await waitFor(() => expect(screen.queryByText('The Username field is required')).toBeNull())
    const password = screen.getByPlaceholderText('Your password')
    expect(password.getAttribute('type')).toBe('password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password.getAttribute('type')).toBe('text')
    expect(screen.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('asks for the code of the authenticator app once the server answers errors.totp, and sends it', async () => {
    const user = userEvent.setup()
    const sent: LoginValues[] = []
    const submit = vi.fn(async (values: LoginValues) => {
      sent.push(values)
      throw new HttpError(
        422,
        {
          message: values.totp ? 'The code is wrong or has already been used.' : 'Enter the code.',
          code: 'validation',
          errors: {
            totp: [values.totp ? 'The code is wrong or has already been used.' : 'Enter the code.'],
          },
        } as never,
        false,
      )
    })
    renderForm(submit)
    await fill(user, 'Account name, e-mail or mobile number', 'zhangsan')
    await attempt(user, 'secret-88')
    const code = await screen.findByPlaceholderText('123456')
    expect(screen.queryByText('Enter the code.')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Enter the 6-digit code of your authenticator app')).toBeTruthy()
    expect(submit).toHaveBeenCalledTimes(1)
    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2))
    expect(sent[1]).toMatchObject({ username: 'zhangsan', password: 'secret-88', totp: '654321' })
    expect(await screen.findByText('The code is wrong or has already been used.')).toBeTruthy()
  })
})
