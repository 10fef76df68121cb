import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Form, Input } from 'antd'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '../api/config'
import { HttpError, resetHttpState } from '../api/http'
import type { CodeAnswer } from '../api/identity'
import { setToken } from '../api/token'
import { putCookie } from '../test/cookies'
import { SendCodeButton } from './SendCodeButton'

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  setConfig({ use_url: '/web-api', web_url: '/web-api' })
  resetHttpState()
  putCookie('Client-Id', 'client-1')
  setToken('csrf-1')
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('/open/captcha/verify')
        ? json({ captcha: 'ticket-9', expires_in: 300 })
        : json({
            id: 'c1',
            image: PIXEL,
            piece: PIXEL,
            y: 5,
            width: 300,
            height: 150,
            piece_width: 54,
            expires_in: 120,
          }),
    ),
  )
})

function Harness({ send }: { send: (value: string, captcha: string) => Promise<CodeAnswer> }) {
  const [form] = Form.useForm()
  return (
    <Form form={form} initialValues={{ mobile_phone: '13800138000' }}>
      <Form.Item name="mobile_phone">
        <Input />
      </Form.Item>
      <SendCodeButton form={form} target="mobile_phone" send={send} />
    </Form>
  )
}

/** Answers the slider in the modal with the keyboard, as the test cannot see the picture. */
async function solveSlider() {
  const slider = await screen.findByRole('slider')
  await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBe('false'))
  fireEvent.keyDown(slider, { key: 'ArrowRight', shiftKey: true })
  fireEvent.keyDown(slider, { key: 'Enter' })
}

describe('SendCodeButton', () => {
  it('asks for the slider, sends with its ticket, then counts down the seconds the server gave', async () => {
    const send = vi.fn(async () => ({ wait: 60, expires_in: 600 }))
    render(<Harness send={send} />)
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    await solveSlider()
    await waitFor(() => expect(send).toHaveBeenCalledWith('13800138000', 'ticket-9'))
    const waiting = await screen.findByRole('button', { name: 'Again in 60 s' })
    expect(waiting.hasAttribute('disabled')).toBe(true)
    await screen.findByRole('button', { name: 'Again in 59 s' }, { timeout: 2000 })
  })

  it('waits as long as a refusal says and shows its message under the field', async () => {
    const send = vi.fn(async () => {
      throw new HttpError(
        429,
        {
          message: 'Please wait 42 seconds before requesting another code.',
          code: 'too_many_requests',
          retry_after: 42,
        } as never,
        false,
      )
    })
    render(<Harness send={send} />)
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    await solveSlider()
    expect(await screen.findByText('Please wait 42 seconds before requesting another code.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Again in 42 s' }).hasAttribute('disabled')).toBe(true)
  })
})
