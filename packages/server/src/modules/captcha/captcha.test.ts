import { eq, sql } from 'drizzle-orm'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captchas } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { consumeCaptchaTicket } from './consume-captcha-ticket'
import { PIECE_IMAGE_WIDTH } from './draw-captcha'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function challenge() {
  const response = await t.app.inject({ method: 'GET', url: '/web-api/open/captcha' })
  const body = response.json()
  const [row] = await t.app.db.select().from(captchas).where(eq(captchas.id, body.id))
  return { response, body, answer: row.x, row }
}

function verify(payload: Record<string, unknown>, language = 'en') {
  return t.app.inject({ method: 'POST', url: '/api/open/captcha/verify', headers: { language }, payload })
}

const decode = (dataUrl: string) =>
  PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'))
const brightness = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4
  return png.data[i] + png.data[i + 1] + png.data[i + 2]
}

describe('GET /open/captcha', () => {
  it('draws a 300x150 background with a gap where the piece, as tall as it, fits at the answer', async () => {
    const { response, body, answer } = await challenge()
    expect(response.headers['cache-control']).toBe('no-store')
    expect(body).toMatchObject({ width: 300, height: 150, piece_width: PIECE_IMAGE_WIDTH, expires_in: 120 })
    expect(JSON.stringify(body)).not.toContain(`"x":`)
    const background = decode(body.image)
    const piece = decode(body.piece)
    expect([background.width, background.height]).toEqual([300, 150])
    expect([piece.width, piece.height]).toEqual([PIECE_IMAGE_WIDTH, 150])
    const opaqueRows = new Set<number>()
    for (let y = 0; y < 150; y++) {
      for (let x = 0; x < piece.width; x++)
        if (piece.data[(y * piece.width + x) * 4 + 3] === 255) opaqueRows.add(y)
    }
    expect(Math.min(...opaqueRows)).toBe(body.y)
    // The middle of the piece is the background's own picture; in the background that spot is darkened.
    const [px, py] = [Math.floor(PIECE_IMAGE_WIDTH / 2) - 4, body.y + 26]
    expect(brightness(background, answer + px, py)).toBeLessThan(brightness(piece, px, py) * 0.6)
  })

  it('varies the picture and the gap from one challenge to the next', async () => {
    const first = await challenge()
    const second = await challenge()
    expect(first.body.image).not.toBe(second.body.image)
    expect(first.body.id).not.toBe(second.body.id)
  })
})

describe('POST /open/captcha/verify', () => {
  it('accepts the position within 5 px after a human drag time, and answers a one-time ticket', async () => {
    for (const offset of [-5, 0, 5]) {
      const { body, answer } = await challenge()
      const response = await verify({ id: body.id, x: answer + offset, duration_ms: 850 })
      expect(response.statusCode, `offset ${offset}`).toBe(200)
      expect(response.json()).toMatchObject({
        captcha: expect.stringMatching(/^[A-Za-z0-9]{40}$/),
        expires_in: 300,
      })
    }
  })

  it('refuses a position 6 px off, and after three tries asks for a new challenge', async () => {
    const { body, answer } = await challenge()
    const first = await verify({ id: body.id, x: answer + 6, duration_ms: 850 })
    expect(first.statusCode).toBe(422)
    expect(first.json()).toMatchObject({
      message: 'Captcha validation failed',
      errors: { captcha: ['Captcha validation failed'] },
      refresh: false,
    })
    await verify({ id: body.id, x: answer - 40, duration_ms: 850 })
    const third = await verify({ id: body.id, x: answer + 30, duration_ms: 850 })
    expect(third.json().refresh).toBe(true)
    const fourth = await verify({ id: body.id, x: answer, duration_ms: 850 })
    expect(fourth.statusCode).toBe(422)
  })

  it('refuses a drag too quick or too slow for a person', async () => {
    for (const duration_ms of [120, 61_000]) {
      const { body, answer } = await challenge()
      const response = await verify({ id: body.id, x: answer, duration_ms }, 'zh-CN')
      expect(response.statusCode).toBe(422)
      expect(response.json().message).toBe('验证码校验失败')
    }
  })

  it('checks the drag track when one is sent: forward in time, ending at the drop, not ruler-straight', async () => {
    const human = await challenge()
    const track = [
      [0, 0, 0],
      [12, 1, 90],
      [48, 2, 230],
      [human.answer - 8, 1, 520],
      [human.answer, 0, 700],
    ]
    expect((await verify({ id: human.body.id, x: human.answer, duration_ms: 720, track })).statusCode).toBe(
      200,
    )
    const robot = await challenge()
    const straight = Array.from({ length: 10 }, (_, i) => [(robot.answer / 9) * i, 0, i * 80])
    expect(
      (await verify({ id: robot.body.id, x: robot.answer, duration_ms: 720, track: straight })).statusCode,
    ).toBe(422)
  })

  it('answers a challenge once, and not after its two minutes', async () => {
    const { body, answer } = await challenge()
    expect((await verify({ id: body.id, x: answer, duration_ms: 900 })).statusCode).toBe(200)
    const again = await verify({ id: body.id, x: answer, duration_ms: 900 })
    expect(again.json()).toMatchObject({ refresh: true })

    const late = await challenge()
    await t.app.db
      .update(captchas)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(captchas.id, late.body.id))
    expect((await verify({ id: late.body.id, x: late.answer, duration_ms: 900 })).json().refresh).toBe(true)
  })

  it('validates the answer with 422 per field', async () => {
    const response = await verify({ id: '', x: 'left' })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors).sort()).toEqual(['duration_ms', 'id', 'x'])
  })
})

describe('challenge limit', () => {
  it('draws at most 30 challenges a minute for one IP', async () => {
    const ask = () =>
      t.app.inject({ method: 'GET', url: '/api/open/captcha', headers: { 'x-forwarded-for': '203.0.113.9' } })
    for (let n = 0; n < 30; n++) expect((await ask()).statusCode).toBe(200)
    const refused = await ask()
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('60')
  })
})

describe('captcha tickets', () => {
  it('are used up once and expire', async () => {
    const { body, answer } = await challenge()
    const { captcha } = (await verify({ id: body.id, x: answer, duration_ms: 900 })).json()
    expect(await consumeCaptchaTicket(t.app.db, captcha)).toBe(true)
    expect(await consumeCaptchaTicket(t.app.db, captcha)).toBe(false)

    const next = await challenge()
    const ticket = (await verify({ id: next.body.id, x: next.answer, duration_ms: 900 })).json().captcha
    expect(await consumeCaptchaTicket(t.app.db, ticket, new Date(Date.now() + 6 * 60_000))).toBe(false)
    expect(await consumeCaptchaTicket(t.app.db, 'made-up')).toBe(false)
  })
})
