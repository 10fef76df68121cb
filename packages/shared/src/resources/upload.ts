import { idField } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'

/** What a stored file is, by the type judged from its content. */
export const UPLOAD_MIME = optionsOf('uploads', 'mime', {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
})
/** Where a file's bytes are kept. */
export const UPLOAD_PROVIDER = optionsOf('uploads', 'provider', { local: 'local', s3: 's3', qiniu: 'qiniu' })

/** A record that uses a stored file: its resource, id, the field holding the file and its name. */
export interface UploadUse {
  resource: string
  id: number
  field: string
  name: string
}

/** The most uses a file's row lists; `used` counts them up to one more, to say "more". */
export const UPLOAD_USES_SHOWN = 5

/**
 * The file manager (issue 25 §6, /admin/uploads): every stored file with its owner, kind, size and
 * store, and the records that use it (`used_by`, looked up for the rows of a page). A file nothing
 * uses can be deleted: its bytes are removed from its store and its owner's quota freed.
 */
export const uploadResource = defineResource({
  name: 'uploads',
  fields: {
    id: idField,
    name: { type: 'string', list: true, keyColumn: true, filter: 'like', label: 'fields.file_name' },
    /** Where the file is served: the preview. */
    url: { type: 'string', list: true, label: 'fields.preview' },
    user_id: { type: 'integer', filter: 'equals', label: 'fields.owner_id' },
    /** The owner's name, read when answered. */
    owner_name: { type: 'string', list: true, export: false, label: 'fields.owner' },
    mime: { type: 'string', list: true, filter: 'in', options: UPLOAD_MIME, label: 'fields.file_kind' },
    /** Bytes. */
    size: { type: 'integer', list: true, sortable: true, filter: 'between', label: 'fields.file_size' },
    provider: { type: 'string', list: true, filter: 'equals', options: UPLOAD_PROVIDER },
    private: { type: 'boolean', filter: 'equals' },
    /** The resource it was uploaded for (products), empty for the owner's own file. */
    resource: { type: 'string', filter: 'equals', label: 'fields.uploaded_for' },
    /** The records using it (at most UPLOAD_USES_SHOWN), and how many there are up to one more. */
    used_by: { type: 'json', list: true, keyColumn: true, export: false },
    used: { type: 'integer', export: false },
    created_at: {
      type: 'datetime',
      list: true,
      sortable: true,
      filter: 'between',
      label: 'fields.uploaded_at',
    },
  },
  filters: { keyword: { kind: 'keyword', fields: ['name'] } },
  actions: ['list', 'export', 'delete'],
  defaultSort: '-id',
})

export type TUpload = RecordOf<typeof uploadResource.fields>

/** One owner's stored files against the quota (GET /admin/uploads/usage). */
export interface UploadUsage {
  user_id: number
  user_name: string
  files: number
  /** Bytes stored, and declared by unfinished resumable uploads. */
  bytes: number
  quota: number
}
