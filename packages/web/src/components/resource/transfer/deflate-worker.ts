/**
 * The export's live deflate off the page's thread (see `liveDeflate` in xlsx-stream.ts): messages
 * `{bytes}` (handed over) are the sheet's next bytes, each answered `{taken: true}` once taken in;
 * `{finish: true}` ends the sheet and is answered `{gzip}` (a Blob); a failure answers `{error}`.
 */
import { gzipStream } from './xlsx-stream'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ bytes?: Uint8Array<ArrayBuffer>; finish?: boolean }>) => void) | null
  postMessage(message: unknown): void
}
const sink = gzipStream()
const failed = (error: unknown) => scope.postMessage({ error: String(error) })

scope.onmessage = (event) => {
  const { bytes } = event.data
  if (bytes) sink.write(bytes).then(() => scope.postMessage({ taken: true }), failed)
  else sink.close().then((gzip) => scope.postMessage({ gzip }), failed)
}
