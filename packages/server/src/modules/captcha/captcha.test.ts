import { eq, sql } from 'drizzle-orm'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captchas } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { consumeCaptchaTicket } from './consume-captcha-ticket'
import { PIECE_IMAGE_WIDTH } from './draw-captcha'
import { humanTrack } from './solve-captcha'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A challenge as a person meets it: drawn a few seconds before they finish dragging. */
async function challenge(drawnMsAgo = 5000) {
  const response = await t.app.inject({ method: 'GET', url: '/web-api/open/captcha' })
  const body = response.json()
  const [row] = await t.app.db
    .update(captchas)
    .set({ created_at: sql`${captchas.created_at} - ${`${drawnMsAgo} milliseconds`}::interval` })
    .where(eq(captchas.id, body.id))
    .returning()
  return { response, body, answer: row.x, row }
}

/** An answer at `x` with a person's drag track to it. */
const dragTo = (id: string, x: number) => ({ id, x, duration_ms: 900, track: humanTrack(x) })

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
      const response = await verify(dragTo(body.id, answer + offset))
      expect(response.statusCode, `offset ${offset}`).toBe(200)
      expect(response.json()).toMatchObject({
        captcha: expect.stringMatching(/^[A-Za-z0-9]{40}$/),
        expires_in: 300,
      })
    }
  })

  it('refuses a position 6 px off, and after three tries asks for a new challenge', async () => {
    const { body, answer } = await challenge()
    const first = await verify(dragTo(body.id, answer + 6))
    expect(first.statusCode).toBe(422)
    expect(first.json()).toMatchObject({
      message: 'Captcha validation failed',
      errors: { captcha: ['Captcha validation failed'] },
      refresh: false,
    })
    await verify(dragTo(body.id, answer - 40))
    const third = await verify(dragTo(body.id, answer + 30))
    expect(third.json().refresh).toBe(true)
    const fourth = await verify(dragTo(body.id, answer))
    expect(fourth.statusCode).toBe(422)
  })

  it('judges the time of the drag by its track, not by the declared duration', async () => {
    const quick = await challenge()
    const quickTrack = [
      [0, 0, 0],
      [quick.answer / 2, 1, 60],
      [quick.answer, 0, 120],
    ]
    const tooQuick = await verify(
      { id: quick.body.id, x: quick.answer, duration_ms: 900, track: quickTrack },
      'zh-CN',
    )
    expect(tooQuick.statusCode).toBe(422)
    expect(tooQuick.json().message).toBe('验证码校验失败')

    const slow = await challenge(70_000)
    const slowTrack = humanTrack(slow.answer).map(([x, y, ms]) => [x, y, ms * 70])
    expect(
      (await verify({ id: slow.body.id, x: slow.answer, duration_ms: 900, track: slowTrack })).statusCode,
    ).toBe(422)
  })

  it('refuses a drag longer than the challenge has existed (an answer computed before the drag)', async () => {
    const early = await challenge(0)
    expect((await verify(dragTo(early.body.id, early.answer))).statusCode).toBe(422)
  })

  it('requires the drag track', async () => {
    const { body, answer } = await challenge()
    const response = await verify({ id: body.id, x: answer, duration_ms: 900 })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors)).toEqual(['track'])
  })

  it('checks the drag track: forward in time, ending at the drop, not ruler-straight', async () => {
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
    expect((await verify(dragTo(body.id, answer))).statusCode).toBe(200)
    const again = await verify(dragTo(body.id, answer))
    expect(again.json()).toMatchObject({ refresh: true })

    const late = await challenge()
    await t.app.db
      .update(captchas)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(captchas.id, late.body.id))
    expect((await verify(dragTo(late.body.id, late.answer))).json().refresh).toBe(true)
  })

  it('validates the answer with 422 per field', async () => {
    const response = await verify({ id: '', x: 'left' })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors).sort()).toEqual(['duration_ms', 'id', 'track', 'x'])
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

  it('draws at most 200 challenges an hour for one IP', async () => {
    const ip = '203.0.113.10'
    await t.app.db.insert(captchas).values(
      Array.from({ length: 200 }, (_, n) => ({
        id: `hour-${n}`,
        x: 100,
        y: 20,
        ip,
        expires_at: new Date(Date.now() - 30 * 60_000),
        created_at: new Date(Date.now() - 40 * 60_000),
      })),
    )
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/open/captcha',
      headers: { 'x-forwarded-for': ip },
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('600')
  })
})

describe('captcha tickets', () => {
  it('are used up once and expire', async () => {
    const { body, answer } = await challenge()
    const { captcha } = (await verify(dragTo(body.id, answer))).json()
    expect(await consumeCaptchaTicket(t.app.db, captcha)).toBe(true)
    expect(await consumeCaptchaTicket(t.app.db, captcha)).toBe(false)

    const next = await challenge()
    const ticket = (await verify(dragTo(next.body.id, next.answer))).json().captcha
    expect(await consumeCaptchaTicket(t.app.db, ticket, new Date(Date.now() + 6 * 60_000))).toBe(false)
    expect(await consumeCaptchaTicket(t.app.db, 'made-up')).toBe(false)
  })
})
