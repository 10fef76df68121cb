import type { TestApp } from './test-app'

const b64 = (text: string) => Buffer.from(text).toString('base64')

export interface TusAnswer {
  statusCode: number
  headers: Record<string, string>
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: as light-my-request types it, for the tests to read
  json: () => any
}

const listening = new WeakMap<TestApp, Promise<string>>()

/** The test app listening on a port of its own (once): tus pieces are streamed over real HTTP. */
function baseUrlOf(t: TestApp): Promise<string> {
  let url = listening.get(t)
  if (!url) {
    url = t.app.listen({ port: 0, host: '127.0.0.1' })
    listening.set(t, url)
  }
  return url
}

/** A tus client over HTTP: create, send pieces, ask the offset, end an upload, or send any request. */
export function tusClient(t: TestApp, headers: Record<string, string>) {
  const base = { ...headers, 'tus-resumable': '1.0.0', language: 'en' }
  const send = async (method: string, url: string, extra: Record<string, string>, body?: Buffer) => {
    const response = await fetch(`${await baseUrlOf(t)}${url}`, {
      method,
      headers: { ...base, ...extra },
      body: body ? new Uint8Array(body) : undefined,
      redirect: 'manual',
    })
    const answer: TusAnswer = {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: method === 'HEAD' ? '' : await response.text(),
      json: () => JSON.parse(answer.body),
    }
    return answer
  }
  return {
    send,
    create: (length: number, filename: string, kind: string, metadata: Record<string, string> = {}) =>
      send('POST', '/api/home/upload/tus', {
        'upload-length': String(length),
        'upload-metadata': Object.entries({ filename, kind, ...metadata })
          .map(([key, value]) => `${key} ${b64(value)}`)
          .join(','),
      }),
    patch: (location: string, offset: number, data: Buffer) =>
      send(
        'PATCH',
        location,
        { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        data,
      ),
    head: (location: string) => send('HEAD', location, {}),
    terminate: (location: string) => send('DELETE', location, {}),
  }
}

/** A PDF of `kb` KB (its content judged a PDF by its first bytes). */
export function samplePdf(kb: number): Buffer {
  const body = Buffer.alloc(kb * 1024 - 9)
  for (let i = 0; i < body.length; i++) body[i] = (i * 31 + (i >> 8)) % 256
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), body])
}
