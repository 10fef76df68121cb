import { Image } from 'antd'

/**
 * A picture in a list's cell, 40 px square, opening larger on a click. A chunk of its own: only lists
 * with a picture column load antd's Image and its preview.
 */
export default function ImageCell({ src, label }: { src: string; label: string }) {
  return <Image src={src} width={40} height={40} style={{ objectFit: 'contain' }} alt="" aria-label={label} />
}
