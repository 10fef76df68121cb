import type { Locator, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { callApi } from './api'

const decode = (dataUrl: string) =>
  PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'))

/**
 * Finds where the piece fits, by looking at the pictures only. The server darkens the gap to 40 % of
 * the picture and draws the piece from the same picture at 105 % + 6, so at the answer every inner
 * pixel of the gap is about 0.4 × (piece − 6) / 1.05; elsewhere the picture does not follow the piece.
 * Answers the piece image's left edge, in pixels of the background.
 */
export function findGap(backgroundUrl: string, pieceUrl: string): number {
  const background = decode(backgroundUrl)
  const piece = decode(pieceUrl)
  const opaque = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < piece.width &&
    y < piece.height &&
    piece.data[(y * piece.width + x) * 4 + 3] === 255
  // The piece's inside, away from its lightened outline.
  const inner: [number, number][] = []
  for (let y = 0; y < piece.height; y++) {
    for (let x = 0; x < piece.width; x++) {
      let inside = true
      for (let d = -2; d <= 2 && inside; d++) inside = opaque(x + d, y) && opaque(x, y + d)
      if (inside) inner.push([x, y])
    }
  }
  if (inner.length < 50) throw new Error('the captcha piece has no inside')
  let best = { x: 0, error: Number.POSITIVE_INFINITY }
  for (let left = 0; left + piece.width <= background.width; left++) {
    let error = 0
    for (const [x, y] of inner) {
      const p = (y * piece.width + x) * 4
      const b = (y * background.width + left + x) * 4
      for (let c = 0; c < 3; c++)
        error += Math.abs(background.data[b + c] - (0.4 * (piece.data[p + c] - 6)) / 1.05)
      if (error > best.error) break
    }
    if (error < best.error) best = { x: left, error }
  }
  return best.x
}

/** The box of an element once it stops moving (a modal zooms in when it opens). */
async function settledBox(page: Page, locator: Locator) {
  let last = await locator.boundingBox()
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(50)
    const box = await locator.boundingBox()
    if (box && last && box.x === last.x && box.y === last.y && box.width === last.width) return box
    last = box
  }
  throw new Error('the captcha does not hold still')
}

/** How long a drag takes at least: above the server's 300 ms for a human hand, with room for jitter. */
const DRAG_MS = 450

/** Drags the handle `distance` pixels to the right in about half a second, not quite straight and not evenly. */
async function drag(page: Page, handle: Locator, distance: number): Promise<void> {
  const box = await settledBox(page, handle)
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  const began = Date.now()
  const steps = 12
  for (let i = 1; i <= steps; i++) {
    const eased = 1 - (1 - i / steps) ** 3
    await page.mouse.move(start.x + distance * eased, start.y + Math.sin(i / 2) * 1.5)
    await page.waitForTimeout(16 + ((i * 7) % 13))
  }
  await page.waitForTimeout(Math.max(DRAG_MS - (Date.now() - began), 0))
  await page.mouse.move(start.x + distance, start.y)
  await page.mouse.up()
}

/**
 * Solves the slider captcha inside `scope` as a person would: reads its pictures, finds the gap and
 * drags the handle there with the mouse; tries again (on the picture then shown) if it was refused.
 */
export async function solveSliderCaptcha(page: Page, scope: Locator): Promise<void> {
  const root = scope.locator('.bd-captcha').first()
  const ready = scope.locator('.bd-captcha.bd-captcha--ready').first()
  const solved = scope.locator('.bd-captcha.bd-captcha--success').first()
  const refused = scope.locator('.bd-captcha.bd-captcha--failed').first()
  for (let attempt = 1; attempt <= 3; attempt++) {
    await ready.waitFor()
    const background = await root.locator('.bd-captcha__image').getAttribute('src')
    const piece = await root.locator('.bd-captcha__piece').getAttribute('src')
    if (!background || !piece) throw new Error('the captcha shows no pictures')
    const stage = await settledBox(page, root.locator('.bd-captcha__stage'))
    const scale = stage.width / decode(background).width
    await drag(page, root.getByRole('slider'), findGap(background, piece) * scale)
    const outcome = await Promise.race([
      solved.waitFor({ timeout: 10_000 }).then(
        () => 'solved' as const,
        () => 'silent' as const,
      ),
      refused.waitFor({ timeout: 10_000 }).then(
        () => 'refused' as const,
        () => 'silent' as const,
      ),
    ])
    if (outcome === 'solved') return
    if (outcome === 'silent') throw new Error('the captcha said nothing about the answer')
    console.warn(`the captcha refused answer ${attempt}; trying again`)
  }
  throw new Error('the captcha refused three answers')
}

/**
 * One-time captcha tickets got without the slider: challenges asked for and answered from inside the
 * page (its cookies and headers), each answer found from the pictures as `solveSliderCaptcha` finds it
 * and sent with a plausible drag track once the challenges are old enough for it. For flows that need
 * many tickets after the slider itself was shown working (the login lockout).
 */
export async function captchaTickets(page: Page, count: number): Promise<string[]> {
  type Challenge = { id: string; image: string; piece: string }
  const challenges = await Promise.all(
    Array.from({ length: count }, () => callApi<Challenge>(page, 'GET', '/open/captcha')),
  )
  const received = Date.now()
  const answers = challenges.map(({ body: challenge }) => {
    const x = findGap(challenge.image, challenge.piece)
    const track = [
      [0, 0, 0],
      [x * 0.3, 1, 120],
      [x * 0.8, 2, 260],
      [x, 0, 400],
    ]
    return { id: challenge.id, x, duration_ms: 400, track }
  })
  // A drag cannot have lasted longer than its challenge has existed: 450 ms from the answers (the
  // challenges are older still), less the time the pictures took to solve.
  await page.waitForTimeout(Math.max(0, 450 - (Date.now() - received)))
  const verified = await Promise.all(
    answers.map((answer) => callApi<{ captcha?: string }>(page, 'POST', '/open/captcha/verify', answer)),
  )
  return verified.map(({ status, body }) => {
    if (!body?.captcha) throw new Error(`the captcha refused an answer: ${status} ${JSON.stringify(body)}`)
    return body.captcha
  })
}
