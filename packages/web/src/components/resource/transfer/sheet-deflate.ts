import { rowsXml, SHEET_TAIL, sheetBytes } from './sheet-xml'

// The sheet's deflate: a whole stored sheet at once (deflateBlob), or live while it is written
// (liveDeflate: in the deflate worker, else on this thread); both by the browser's CompressionStream.

/** A deflated part: the raw deflate data and the CRC-32 of what was deflated. */
export interface Deflated {
  data: Blob
  crc: number
}

/**
 * The raw deflate data and CRC-32 of a gzip member (RFC 1952): the header (10 bytes, more when it
 * names a file or carries extras, which CompressionStream's does not) and the 8-byte trailer
 * (CRC-32, size) around the deflate data. Null when the header is not a plain one.
 */
export async function fromGzip(gzip: Blob): Promise<Deflated | null> {
  if (gzip.size < 18) return null
  const head = new Uint8Array(await gzip.slice(0, 10).arrayBuffer())
  if (head[0] !== 0x1f || head[1] !== 0x8b || head[2] !== 8 || head[3] !== 0) return null
  const trailer = new DataView(await gzip.slice(gzip.size - 8).arrayBuffer())
  return { data: gzip.slice(10, gzip.size - 8), crc: trailer.getUint32(0, true) }
}

/**
 * Deflates a Blob with the browser's CompressionStream (native code, streamed from the Blob, which
 * may live on disk), or answers null where there is none.
 */
export async function deflateBlob(blob: Blob): Promise<Deflated | null> {
  if (typeof CompressionStream === 'undefined' || typeof blob.stream !== 'function') return null
  try {
    return await fromGzip(await new Response(blob.stream().pipeThrough(new CompressionStream('gzip'))).blob())
  } catch {
    return null
  }
}

/** Deflated bytes gathered into one Blob at a time. */
const GATHER_BYTES = 4 * 1024 * 1024

/** What a sheet's deflate is given: rows (built into XML there) or XML text (the head, the tail). */
export type SheetInput = { rows: readonly (readonly unknown[])[]; first: number } | { xml: string }

/** A sheet being deflated from its parts, written in order. */
export interface SheetSink {
  /** Resolves with the part's bytes as a Blob (for the stored pieces) once they are taken in. */
  write(input: SheetInput): Promise<Blob>
  /** Ends the input and answers the whole gzip. */
  close(): Promise<Blob>
  abort(): void
}

/** The output of a stream gathered into Blobs a few MB at a time (out of the tab's heap). */
async function gather(readable: ReadableStream<Uint8Array>): Promise<Blob> {
  const reader = readable.getReader()
  const blobs: Blob[] = []
  let chunks: Uint8Array<ArrayBuffer>[] = []
  let held = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value as Uint8Array<ArrayBuffer>)
    held += value.length
    if (held >= GATHER_BYTES) {
      blobs.push(new Blob(chunks))
      chunks = []
      held = 0
    }
  }
  return new Blob([...blobs, ...chunks])
}

/** A part's XML: its rows built, or the text given. */
export const sheetXml = (input: SheetInput) => ('xml' in input ? input.xml : rowsXml(input.rows, input.first))

/**
 * A sheet deflated on this thread: each part built into XML, encoded, and given to a gzip
 * CompressionStream (the deflate worker runs one of these).
 */
export function sheetStream(): SheetSink {
  const stream = new CompressionStream('gzip')
  const writer = stream.writable.getWriter()
  const gzip = gather(stream.readable)
  gzip.catch(() => undefined) // met by close
  return {
    async write(input) {
      const bytes = sheetBytes(sheetXml(input))
      const blob = new Blob([bytes])
      await writer.write(bytes)
      return blob
    },
    close: async () => {
      await writer.close()
      return gzip
    },
    abort: () => void writer.abort().catch(() => undefined),
  }
}

interface Waiting<T> {
  resolve(value: T): void
  reject(error: unknown): void
}

/**
 * A sheet deflated in a Web Worker (`deflate-worker.ts`): the rows are sent there, built into XML,
 * encoded and deflated on another thread while this one reads the next page; each part comes back
 * as a Blob of its bytes. Null where there are no workers.
 */
function workerSheet(): SheetSink | null {
  if (typeof Worker === 'undefined') return null
  let worker: Worker
  try {
    worker = new Worker(new URL('./deflate-worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return null
  }
  const writes: Waiting<Blob>[] = []
  let closing: Waiting<Blob> | null = null
  /** Why the worker stopped: later writes and the close fail at once. */
  let failure: unknown = null
  const failAll = (error: unknown) => {
    failure ??= error
    for (const waiting of writes.splice(0)) waiting.reject(error)
    closing?.reject(error)
    closing = null
    worker.terminate()
  }
  worker.onmessage = (event: MessageEvent<{ part?: Blob; gzip?: Blob; error?: string }>) => {
    const message = event.data
    if (message.part) writes.shift()?.resolve(message.part)
    else if (message.gzip) {
      closing?.resolve(message.gzip)
      closing = null
      worker.terminate()
    } else failAll(new Error(message.error ?? 'deflate failed'))
  }
  worker.onerror = (event) => {
    event.preventDefault()
    failAll(new Error(event.message || 'deflate worker failed'))
  }
  return {
    write: (input) =>
      new Promise<Blob>((resolve, reject) => {
        if (failure) return reject(failure)
        writes.push({ resolve, reject })
        worker.postMessage({ write: input })
      }),
    close: () =>
      new Promise<Blob>((resolve, reject) => {
        if (failure) return reject(failure)
        closing = { resolve, reject }
        worker.postMessage({ finish: true })
      }),
    abort: () => failAll(new Error('aborted')),
  }
}

/** A sheet deflated while it is written (see `liveDeflate`). */
export interface LiveDeflate {
  /** Resolves when at most one part is still being taken in (what is queued stays small). */
  ready(): Promise<void>
  /**
   * The sheet's next rows, in order: answers their bytes as a Blob, built where the deflate runs,
   * or on this thread if the deflate failed (the rows are never lost with it).
   */
  write(rows: readonly (readonly unknown[])[], first: number): Promise<Blob>
  /** Writes the sheet's closing tags and answers the deflated sheet (null if deflating failed). */
  finish(): Promise<Deflated | null>
  /** Drops the deflate (the part is given up). */
  abort(): void
}

/**
 * The sheet deflated as it is written, from its head on: each page's rows go to a Web Worker where
 * there is one (else to a CompressionStream on this thread) as they come, so a file needs no pass
 * over its bytes at the end, and the XML, its encoding and the deflate run beside the page's thread.
 * Null where the browser cannot deflate.
 */
export function liveDeflate(
  head: string,
  sink: SheetSink | null = typeof CompressionStream === 'undefined' ? null : (workerSheet() ?? sheetStream()),
): LiveDeflate | null {
  if (!sink) return null
  let failed = false
  const fail = () => {
    failed = true
  }
  const writes: Promise<unknown>[] = []
  const send = (input: SheetInput) => {
    const part = sink.write(input)
    part.catch(fail)
    writes.push(part)
    return part
  }
  send({ xml: head })
  return {
    async ready() {
      while (writes.length > 1) await writes.shift()?.catch(fail)
    },
    write: (rows, first) => send({ rows, first }).catch(() => new Blob([sheetBytes(rowsXml(rows, first))])),
    async finish() {
      send({ xml: SHEET_TAIL })
      const gzip = await sink.close().catch(() => null)
      return failed || !gzip ? null : fromGzip(gzip)
    },
    abort: () => sink.abort(),
  }
}
