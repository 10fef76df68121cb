/**
 * The export's live deflate off the page's thread (see `liveDeflate` in sheet-deflate.ts): messages
 * `{write}` (rows and their first row number, or XML text) are the sheet's next part, each answered
 * `{part}` (its bytes as a Blob) once taken in; `{finish: true}` ends the sheet and is answered
 * `{gzip}` (a Blob); a failure answers `{error}`.
 */
import { type SheetInput, sheetStream } from './sheet-deflate'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ write?: SheetInput; finish?: boolean }>) => void) | null
  postMessage(message: unknown): void
}
const sheet = sheetStream()
const failed = (error: unknown) => scope.postMessage({ error: String(error) })

scope.onmessage = (event) => {
  const { write } = event.data
  if (write) sheet.write(write).then((part) => scope.postMessage({ part }), failed)
  else sheet.close().then((gzip) => scope.postMessage({ gzip }), failed)
}
