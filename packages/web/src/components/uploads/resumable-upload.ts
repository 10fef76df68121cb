import { DetailedError, Upload } from 'tus-js-client'
import { getConfig } from '../../api/config'
import { buildHeaders, ensureClientId, refreshToken } from '../../api/http'
import { getToken } from '../../api/token'
import type { UploadedFile } from './upload-file'

export type ResumableKind = 'image' | 'document'

export interface ResumableCallbacks {
  /** Bytes the server has of the file, of its size. */
  onProgress: (sent: number, total: number) => void
  onSuccess: (file: UploadedFile) => void
  /** The server's message for a refused file, or null for a failure without one. */
  onError: (message: string | null) => void
}

export interface ResumableUpload {
  /** Starts, or continues from the byte the server has (also an upload begun before a reload). */
  start(): Promise<void>
  /** Stops sending; what arrived stays on the server for a later start. */
  pause(): Promise<void>
}

/** Pieces of 2 MB: a pause or a dropped connection loses at most one. */
export const CHUNK_BYTES = 2 * 1024 * 1024

/** The refusal message in a tus answer's body (the JSON error shape of every route). */
export function refusalOf(body: string | undefined): string | null {
  if (!body) return null
  try {
    const answer = JSON.parse(body) as { errors?: Record<string, string[]>; message?: string }
    return Object.values(answer.errors ?? {}).flat()[0] ?? answer.message ?? null
  } catch {
    return null
  }
}

/**
 * A resumable upload (tus) to /home/upload/tus through the SPA's session, CSRF token and headers.
 * tus-js-client keeps each unfinished upload's address in localStorage under the file's fingerprint
 * (name, type, size, date), so choosing the same file again after a reload continues it.
 */
export function resumableUpload(
  file: File,
  kind: ResumableKind,
  /** The resource the file is uploaded for (see the server's `uploads.resource`), if any. */
  resource: string | undefined,
  callbacks: ResumableCallbacks,
): ResumableUpload {
  const upload = new Upload(file, {
    endpoint: `${getConfig().use_url}/home/upload/tus`,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    metadata: { filename: file.name, kind, ...(resource ? { resource } : {}) },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest(request) {
      for (const [name, value] of Object.entries(buildHeaders())) {
        if (name !== 'Accept') request.setHeader(name, value)
      }
    },
    onProgress: callbacks.onProgress,
    onSuccess(payload) {
      try {
        callbacks.onSuccess(JSON.parse(payload.lastResponse.getBody()) as UploadedFile)
      } catch {
        callbacks.onError(null)
      }
    },
    onShouldRetry(error) {
      const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0
      // A refusal (4xx) stays one; a lost connection or a busy server is tried again.
      return status === 0 || status === 409 || status === 423 || status >= 500
    },
    onError(error) {
      const body = error instanceof DetailedError ? error.originalResponse?.getBody() : undefined
      callbacks.onError(refusalOf(body))
    },
  })
  return {
    async start() {
      await ensureClientId()
      if (!getToken()) await refreshToken().catch(() => undefined)
      const previous = await upload.findPreviousUploads()
      if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0])
      upload.start()
    },
    async pause() {
      await upload.abort(false)
    },
  }
}
