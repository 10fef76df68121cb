import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface TestS3Server {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** The env of a server storing uploads there. */
  env: Record<string, string>
  close(): Promise<void>
}

interface KoaContext {
  method: string
  path: string
  query: Record<string, string | undefined>
  status: number
  type: string
  body: unknown
}

const NO_SUCH_UPLOAD = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`

/** The parts s3rver holds of a multipart upload, as S3's ListParts answers them. */
function listParts(store: { getResourcePath(bucket: string, key: undefined, resource: string): string }) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId
    if (ctx.method !== 'GET' || !uploadId || !/^[a-f0-9]+$/.test(uploadId)) return next()
    const [, bucket, ...key] = ctx.path.split('/')
    const dir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    ctx.type = 'application/xml'
    if (!fs.existsSync(dir)) {
      ctx.status = 404
      ctx.body = NO_SUCH_UPLOAD
      return
    }
    const parts = fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const size = fs.statSync(path.join(dir, String(number))).size
        const md5 = fs.readFileSync(path.join(dir, `${number}.md5`), 'utf8')
        return `<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`
      })
    ctx.status = 200
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
  }
}

/** AbortMultipartUpload: s3rver's part files of the upload removed, as S3 drops the parts. */
function abortMultipartUpload(store: Parameters<typeof listParts>[0]) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId
    if (ctx.method !== 'DELETE' || !uploadId || !/^[a-f0-9]+$/.test(uploadId)) return next()
    const [, bucket] = ctx.path.split('/')
    const dir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    if (!fs.existsSync(dir)) {
      ctx.type = 'application/xml'
      ctx.status = 404
      ctx.body = NO_SUCH_UPLOAD
      return
    }
    fs.rmSync(dir, { recursive: true, force: true })
    ctx.status = 204
    ctx.body = null
  }
}

/**
 * An S3-compatible server (s3rver, on a free port or `port`, files in a temporary folder or in
 * `directory`, which is kept) with one bucket.
 * s3rver lacks ListParts and AbortMultipartUpload, which resumable uploads ask for (the second when
 * one is ended): both are answered from s3rver's own part files.
 */
export async function startTestS3Server(
  bucket = 'files',
  options: { port?: number; directory?: string } = {},
): Promise<TestS3Server> {
  const kept = options.directory !== undefined
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-s3-'))
  const server = new S3rver({
    port: options.port ?? 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const koa = server as unknown as { middleware: unknown[]; store: Parameters<typeof listParts>[0] }
  koa.middleware.unshift(listParts(koa.store), abortMultipartUpload(koa.store))
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    env: {
      UPLOAD_PROVIDER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close()
      if (!kept) fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
