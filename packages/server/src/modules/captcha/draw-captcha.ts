import { PNG } from 'pngjs'

export const CAPTCHA_WIDTH = 300
export const CAPTCHA_HEIGHT = 150
/** The piece: a square with a knob on its top and right edges and a notch in its left edge. */
const SIDE = 40
const KNOB = 8
/** Room around the piece in its image for the shadow. */
const PAD = 3
/** Width of the piece image; its height is the background's. */
export const PIECE_IMAGE_WIDTH = SIDE + KNOB + 2 * PAD
export const PIECE_BOX = SIDE + KNOB

type Rgb = [number, number, number]
type Random = () => number

/** Whether (px, py), relative to the top-left corner of the piece's box, lies inside the piece. */
function insidePiece(px: number, py: number): boolean {
  const cx = px + 0.5
  const cy = py + 0.5
  const inSquare = cx >= 0 && cx < SIDE && cy >= KNOB && cy < KNOB + SIDE
  const near = (x: number, y: number, r: number) => (cx - x) ** 2 + (cy - y) ** 2 <= r * r
  const inNotch = near(0, KNOB + SIDE / 2, KNOB * 0.75)
  return (inSquare && !inNotch) || near(SIDE / 2, KNOB, KNOB) || near(SIDE, KNOB + SIDE / 2, KNOB)
}

/** Inside the piece with a pixel outside within `width` pixels: its outline. */
function onEdge(px: number, py: number, width: number): boolean {
  if (!insidePiece(px, py)) return false
  for (let dy = -width; dy <= width; dy++) {
    for (let dx = -width; dx <= width; dx++) if (!insidePiece(px + dx, py + dy)) return true
  }
  return false
}

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0) * 255, f(8) * 255, f(4) * 255]
}

/** A procedural landscape of gradients, shapes and grain, different every time. */
function paintBackground(random: Random): Float32Array {
  const w = CAPTCHA_WIDTH
  const h = CAPTCHA_HEIGHT
  const pixels = new Float32Array(w * h * 3)
  const hue = random() * 360
  const from = hsl(hue, 0.45 + random() * 0.3, 0.35 + random() * 0.2)
  const to = hsl((hue + 60 + random() * 180) % 360, 0.45 + random() * 0.3, 0.55 + random() * 0.2)
  const angle = random() * Math.PI * 2
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)]
  const span = Math.abs(dx) * w + Math.abs(dy) * h
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = Math.min(1, Math.max(0, ((x - w / 2) * dx + (y - h / 2) * dy) / span + 0.5))
      const i = (y * w + x) * 3
      for (let c = 0; c < 3; c++) pixels[i + c] = from[c] + (to[c] - from[c]) * t
    }
  }
  const blend = (x: number, y: number, color: Rgb, alpha: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return
    const i = (y * w + x) * 3
    for (let c = 0; c < 3; c++) pixels[i + c] += (color[c] - pixels[i + c]) * alpha
  }
  const shapes = 10 + Math.floor(random() * 10)
  for (let n = 0; n < shapes; n++) {
    const color = hsl(random() * 360, 0.3 + random() * 0.5, 0.25 + random() * 0.55)
    const alpha = 0.2 + random() * 0.45
    const kind = random()
    if (kind < 0.45) {
      const [cx, cy, r] = [random() * w, random() * h, 6 + random() * 40]
      for (let y = Math.floor(cy - r); y <= cy + r; y++) {
        for (let x = Math.floor(cx - r); x <= cx + r; x++) {
          if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) blend(x, y, color, alpha)
        }
      }
    } else if (kind < 0.75) {
      const [x0, y0] = [Math.floor(random() * w), Math.floor(random() * h)]
      const [rw, rh] = [8 + Math.floor(random() * 70), 8 + Math.floor(random() * 50)]
      for (let y = y0; y < y0 + rh; y++) for (let x = x0; x < x0 + rw; x++) blend(x, y, color, alpha)
    } else {
      const [base, amplitude, period, phase] = [
        random() * h,
        5 + random() * 25,
        30 + random() * 120,
        random() * 7,
      ]
      const thickness = 2 + random() * 8
      for (let x = 0; x < w; x++) {
        const centre = base + amplitude * Math.sin(x / period + phase)
        for (let y = Math.floor(centre - thickness); y <= centre + thickness; y++) blend(x, y, color, alpha)
      }
    }
  }
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const grain = (random() - 0.5) * 18
      for (const [gx, gy] of [
        [x, y],
        [x + 1, y],
        [x, y + 1],
        [x + 1, y + 1],
      ]) {
        const i = (gy * w + gx) * 3
        for (let c = 0; c < 3; c++) pixels[i + c] += grain
      }
    }
  }
  return pixels
}

function toPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
  opaque = false,
) {
  const png = new PNG({ width, height })
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const [r, g, b, a] = pixel(x, y)
      png.data[i] = Math.max(0, Math.min(255, Math.round(r)))
      png.data[i + 1] = Math.max(0, Math.min(255, Math.round(g)))
      png.data[i + 2] = Math.max(0, Math.min(255, Math.round(b)))
      png.data[i + 3] = a
    }
  }
  return PNG.sync.write(png, { colorType: opaque ? 2 : 6, deflateLevel: 9 })
}

/**
 * Draws a challenge whose answer is `x`: the background with a gap whose piece image, placed with its
 * left edge at `x`, fills it, and that piece image (as tall as the background, the piece at `y`).
 */
export function drawCaptcha(options: { x: number; y: number; random?: Random }) {
  const random = options.random ?? Math.random
  const pixels = paintBackground(random)
  const gapLeft = options.x + PAD
  const top = options.y
  const at = (x: number, y: number): Rgb => {
    const i = (y * CAPTCHA_WIDTH + x) * 3
    return [pixels[i], pixels[i + 1], pixels[i + 2]]
  }
  const background = toPng(
    CAPTCHA_WIDTH,
    CAPTCHA_HEIGHT,
    (x, y) => {
      const [r, g, b] = at(x, y)
      const [px, py] = [x - gapLeft, y - top]
      if (!insidePiece(px, py)) return [r, g, b, 255]
      if (onEdge(px, py, 1)) return [r + (255 - r) * 0.55, g + (255 - g) * 0.55, b + (255 - b) * 0.55, 255]
      return [r * 0.4, g * 0.4, b * 0.4, 255]
    },
    true,
  )
  const piece = toPng(PIECE_IMAGE_WIDTH, CAPTCHA_HEIGHT, (x, y) => {
    const [px, py] = [x - PAD, y - top]
    if (insidePiece(px, py)) {
      const [r, g, b] = at(gapLeft + px, top + py)
      if (onEdge(px, py, 1)) return [r + (255 - r) * 0.6, g + (255 - g) * 0.6, b + (255 - b) * 0.6, 255]
      return [r * 1.05 + 6, g * 1.05 + 6, b * 1.05 + 6, 255]
    }
    for (let d = 1; d <= PAD; d++) {
      if (insidePiece(px - d, py - d) || insidePiece(px + d, py + d) || insidePiece(px, py - d)) {
        return [0, 0, 0, 110 - d * 25]
      }
    }
    return [0, 0, 0, 0]
  })
  return { background, piece }
}

/** Where a gap may go: clear of the slider's start and of the edges. */
export const CAPTCHA_RANGE = {
  x: { min: PIECE_IMAGE_WIDTH + 12, max: CAPTCHA_WIDTH - PIECE_IMAGE_WIDTH - 4 },
  y: { min: 4, max: CAPTCHA_HEIGHT - PIECE_BOX - 4 },
}
