import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '../../api/config'
import { resetHttpState } from '../../api/http'
import { setToken } from '../../api/token'
import { clearAlerts } from '../../state/alerts'
import { putCookie } from '../../test/cookies'
import { SliderCaptcha } from './SliderCaptcha'

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

type VerifyAnswer = { status: number; body: unknown }

let challenges = 0
let verifyAnswers: VerifyAnswer[] = []
let verifyBodies: Record<string, unknown>[] = []
let challengeStatus = 200

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  setConfig({ use_url: '/web-api', web_url: '/web-api' })
  resetHttpState()
  clearAlerts()
  putCookie('Client-Id', 'client-1')
  setToken('csrf-1')
  challenges = 0
  challengeStatus = 200
  verifyAnswers = []
  verifyBodies = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/web-api/open/captcha/verify')) {
        verifyBodies.push(JSON.parse(String(init?.body)))
        const answer = verifyAnswers.shift() ?? {
          status: 200,
          body: { captcha: 'ticket-1', expires_in: 300 },
        }
        return json(answer.body, answer.status)
      }
      if (String(url).startsWith('/web-api/open/captcha')) {
        if (challengeStatus !== 200) {
          return json(
            { message: 'Too many requests, wait a minute', code: 'too_many_requests' },
            challengeStatus,
          )
        }
        challenges++
        return json({
          id: `challenge-${challenges}`,
          image: PIXEL,
          piece: PIXEL,
          y: 40,
          width: 300,
          height: 150,
          piece_width: 54,
          expires_in: 120,
        })
      }
      return json({}, 404)
    }),
  )
})

const failure = (refresh: boolean): VerifyAnswer => ({
  status: 422,
  body: {
    message: 'Captcha validation failed',
    code: 'validation',
    errors: { captcha: ['Captcha validation failed'] },
    refresh,
  },
})

async function ready() {
  const slider = await screen.findByRole('slider')
  await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBe('false'))
  return slider
}

function drag(slider: HTMLElement, to: number) {
  fireEvent.pointerDown(slider, { pointerId: 1, clientX: 10, clientY: 5, button: 0, pointerType: 'mouse' })
  for (const x of [14, 30, 60, to - 5, to]) {
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 10 + x, clientY: 6, pointerType: 'mouse' })
  }
  fireEvent.pointerUp(slider, { pointerId: 1, clientX: 10 + to, clientY: 6, pointerType: 'mouse' })
}

describe('SliderCaptcha', () => {
  it('shows the picture and the piece, and gives the ticket after a drag, sending x, time and track', async () => {
    const onSuccess = vi.fn()
    const { container } = render(<SliderCaptcha onSuccess={onSuccess} />)
    const slider = await ready()
    expect(container.querySelector('.bd-captcha__image')?.getAttribute('src')).toBe(PIXEL)
    expect(container.querySelector('.bd-captcha__piece')?.getAttribute('src')).toBe(PIXEL)
    expect(slider.getAttribute('aria-valuemax')).toBe('246')

    drag(slider, 120)
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('ticket-1'))
    const [body] = verifyBodies
    expect(body).toMatchObject({ id: 'challenge-1', x: 120 })
    expect(typeof body.duration_ms).toBe('number')
    const track = body.track as number[][]
    expect(track[0]).toEqual([0, 0, 0])
    expect(track[track.length - 1][0]).toBe(120)
    expect(screen.getByRole('status').textContent).toBe('Verified')
  })

  it('is usable with the keyboard: arrows move the piece, Enter drops it, sending one point per key', async () => {
    const onSuccess = vi.fn()
    render(<SliderCaptcha onSuccess={onSuccess} />)
    const slider = await ready()
    fireEvent.keyDown(slider, { key: 'ArrowRight', shiftKey: true })
    fireEvent.keyDown(slider, { key: 'ArrowRight', shiftKey: true })
    fireEvent.keyDown(slider, { key: 'ArrowRight' })
    fireEvent.keyDown(slider, { key: 'ArrowLeft' })
    fireEvent.keyDown(slider, { key: 'ArrowRight' })
    expect(slider.getAttribute('aria-valuenow')).toBe('21')
    fireEvent.keyDown(slider, { key: 'Enter' })
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('ticket-1'))
    expect(verifyBodies[0]).toMatchObject({ id: 'challenge-1', x: 21 })
    const track = verifyBodies[0].track as number[][]
    expect(track.map(([x]) => x)).toEqual([0, 10, 20, 21, 20, 21, 21])
    expect(track.every(([, y]) => y === 0)).toBe(true)
    expect(track.every((point, i) => i === 0 || point[2] >= track[i - 1][2])).toBe(true)
  })

  it('says a wrong answer failed and lets the user try the same picture again', async () => {
    verifyAnswers = [failure(false)]
    const onSuccess = vi.fn()
    render(<SliderCaptcha onSuccess={onSuccess} />)
    const slider = await ready()
    drag(slider, 80)
    expect(await screen.findByText('Captcha validation failed')).toBeTruthy()
    // said once: the track keeps its instruction
    expect(screen.queryByText('Please complete the verification code correctly.')).toBeNull()
    expect(screen.getByText('Drag the slider to fit the piece into the gap')).toBeTruthy()
    await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBe('false'), { timeout: 2000 })
    expect(slider.getAttribute('aria-valuenow')).toBe('0')
    expect(challenges).toBe(1)
    expect(onSuccess).not.toHaveBeenCalled()

    drag(slider, 100)
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('ticket-1'))
    expect(verifyBodies[1]).toMatchObject({ id: 'challenge-1', x: 100 })
  })

  it('fetches a new picture when the server says the challenge is spent', async () => {
    verifyAnswers = [failure(true)]
    render(<SliderCaptcha onSuccess={vi.fn()} />)
    const slider = await ready()
    drag(slider, 80)
    expect(await screen.findByText('Captcha validation failed')).toBeTruthy()
    await waitFor(() => expect(challenges).toBe(2), { timeout: 2000 })
    await ready()
    drag(slider, 90)
    await waitFor(() => expect(verifyBodies[1]).toMatchObject({ id: 'challenge-2' }))
  })

  it('offers a new picture on request', async () => {
    render(<SliderCaptcha onSuccess={vi.fn()} />)
    await ready()
    fireEvent.click(screen.getByRole('button', { name: 'Show another picture' }))
    await waitFor(() => expect(challenges).toBe(2))
  })

  it('says why no picture came, with a retry', async () => {
    challengeStatus = 429
    render(<SliderCaptcha onSuccess={vi.fn()} />)
    expect(await screen.findByText('Too many requests, wait a minute')).toBeTruthy()
    challengeStatus = 200
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }))
    await ready()
    expect(challenges).toBe(1)
  })
})
