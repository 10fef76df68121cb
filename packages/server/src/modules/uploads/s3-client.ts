import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'

export interface S3Settings {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/** The client options of an S3-compatible store, shared by the tus store and the direct calls. */
export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Only the store's own checksums: S3-compatible servers do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

const clients = new WeakMap<S3Settings, S3Client>()

/** One client per configuration (the app's config object lives as long as the app). */
export function s3ClientOf(s3: S3Settings): S3Client {
  let client = clients.get(s3)
  if (!client) {
    client = new S3Client(s3ClientConfig(s3))
    clients.set(s3, client)
  }
  return client
}
