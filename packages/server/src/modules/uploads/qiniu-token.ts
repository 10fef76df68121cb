import { createHmac } from 'node:crypto'
import { randomString } from '../../secrets'
import { UPLOAD_KINDS } from './store-upload'
import type { UploadKindName } from './upload-settings'

export interface QiniuSettings {
  accessKey: string
  secretKey: string
  bucket: string
  domain: string
  uploadUrl: string
}

/** Qiniu's url-safe base64: `+` → `-`, `/` → `_`, padding kept. */
export const urlSafeBase64 = (data: Buffer | string) =>
  Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_')

/**
 * An upload token as Qiniu documents it: the put policy as JSON, url-safe base64 encoded; its
 * HMAC-SHA1 with the secret key, url-safe base64 encoded; `<access key>:<signature>:<encoded policy>`.
 */
export function signQiniuToken(
  settings: Pick<QiniuSettings, 'accessKey' | 'secretKey'>,
  policy: Record<string, unknown>,
): string {
  const encodedPolicy = urlSafeBase64(JSON.stringify(policy))
  const signature = urlSafeBase64(createHmac('sha1', settings.secretKey).update(encodedPolicy).digest())
  return `${settings.accessKey}:${signature}:${encodedPolicy}`
}

export interface QiniuUploadTicket {
  token: string
  /** The one key the token lets the browser write. */
  key: string
  /** Where the browser sends the form (token, key, file). */
  upload_url: string
  /** Where the file is served once uploaded. */
  url: string
  /** Unix seconds after which the token is refused. */
  deadline: number
}

/**
 * A token for one direct upload from the browser: to a fresh key (`yyyy/mm/<random>`, so nothing
 * stored can be overwritten), of the kind's types and size limit, valid for an hour.
 */
export function qiniuUploadTicket(
  settings: QiniuSettings,
  options: { kind: UploadKindName; maxBytes: number; now?: Date },
): QiniuUploadTicket {
  const now = options.now ?? new Date()
  const month = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`
  const key = `${month}/${randomString(32)}`
  const deadline = Math.floor(now.getTime() / 1000) + 3600
  const mimes = Object.entries(UPLOAD_KINDS)
    .filter(([, kind]) => kind.kind === options.kind)
    .map(([mime]) => mime)
  const policy = {
    scope: `${settings.bucket}:${key}`,
    deadline,
    insertOnly: 1,
    fsizeLimit: options.maxBytes,
    mimeLimit: mimes.join(';'),
    returnBody: '{"key":$(key),"size":$(fsize),"mime":$(mimeType),"name":$(fname)}',
  }
  return {
    token: signQiniuToken(settings, policy),
    key,
    upload_url: settings.uploadUrl,
    url: `${settings.domain}/${key}`,
    deadline,
  }
}
