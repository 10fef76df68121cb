import { http } from '../../api/http'

export interface UploadedFile {
  url: string
  name: string
  size: number
  mime: string
}

/** Limits of POST /home/upload/index (the server checks them again by content). */
export const IMAGE_MAX_KB = 2048
export const PDF_MAX_KB = 20480
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** Sends one file to the upload endpoint through the one http client (CSRF header and all). */
export function uploadFile(file: Blob, signal?: AbortSignal): Promise<UploadedFile> {
  const body = new FormData()
  body.append('file', file)
  return http.post<UploadedFile>('/home/upload/index', body, { signal, handledStatuses: [422] })
}

/** The i18n key and values of why a file may not be uploaded, or null when it may. */
export function checkUpload(
  file: { type: string; size: number },
  kind: 'image' | 'pdf',
  /** The limit of the settings (KB), when known. */
  maxKb?: number,
): { key: string; values?: Record<string, number> } | null {
  const types = kind === 'image' ? IMAGE_TYPES : ['application/pdf']
  if (!types.includes(file.type))
    return { key: kind === 'image' ? 'validations.messages.image' : 'validations.messages.mimes' }
  const max = maxKb ?? (kind === 'image' ? IMAGE_MAX_KB : PDF_MAX_KB)
  if (file.size > max * 1024) return { key: 'validations.messages.size', values: { size: max } }
  return null
}
