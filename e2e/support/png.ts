import { PNG } from 'pngjs'

/** A PNG of `size` × `size` pixels in a gradient (red across, green down), so a crop has something to cut. */
export function pngOf(size: number): Buffer {
  const image = new PNG({ width: size, height: size })
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = (y * size + x) * 4
      image.data[at] = Math.floor((x * 255) / size)
      image.data[at + 1] = Math.floor((y * 255) / size)
      image.data[at + 2] = 128
      image.data[at + 3] = 255
    }
  }
  return PNG.sync.write(image)
}
