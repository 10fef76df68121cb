import { http } from '../../api/http'
import { type UploadedFile, uploadFile } from './upload-file'

interface QiniuTicket {
  token: string
  key: string
  upload_url: string
  url: string
}

/** Why an upload did not happen, as an i18n key (SPEC §8) or the server's own message. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly translated: boolean,
  ) {
    super(message)
  }
}

/**
 * Sends a picture where the settings say: straight to Qiniu with a token the server signs, or to
 * POST /home/upload/index (local disk or the S3-compatible store, the server decides). Answers its url.
 */
export async function uploadImage(file: Blob, provider: string | undefined): Promise<string> {
  if (provider !== 'qiniu') return (await uploadFile(file)).url
  let ticket: QiniuTicket
  try {
    ticket = await http.get<QiniuTicket>('/open/qi-niu/token', { kind: 'image' }, { silent: true })
  } catch {
    throw new UploadRefused('messages.upload_token_failed', false)
  }
  const body = new FormData()
  body.append('token', ticket.token)
  body.append('key', ticket.key)
  body.append('file', file)
  const answer = await fetch(ticket.upload_url, { method: 'POST', body })
  if (!answer.ok) throw new UploadRefused('messages.upload_error', false)
  return ticket.url
}

/** SPEC §8's "Error uploading file!", followed by the server's reason when it gave one. */
export function refusalText(t: (key: string) => string, reason: string | null | undefined): string {
  return reason ? `${t('messages.upload_error')} ${reason}` : t('messages.upload_error')
}

export type { UploadedFile }
