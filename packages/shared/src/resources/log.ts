import { idField } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'

/** The operation log: read-only (list, show, export); old entries may be deleted. */
export const logResource = defineResource({
  name: 'logs',
  fields: {
    id: idField,
    menu_id: { type: 'integer', list: true, filter: 'equals' },
    /** The menu item's name in the reader's language (a resource's action: "Bank management · Create"). */
    menu_name: { type: 'string', list: true, export: false },
    user_id: { type: 'integer', list: true, filter: 'equals' },
    /** The API client application that made the call (0: a person). */
    app_id: { type: 'integer', list: true, filter: 'equals' },
    /** The operator. */
    user_name: { type: 'string', list: true, export: false },
    location: { type: 'string', list: true, filter: 'like' },
    method: { type: 'string', list: true, filter: 'equals' },
    url: { type: 'string', list: true, filter: 'like' },
    ip: { type: 'string', list: true, filter: 'like' },
    parameters: { type: 'json', nullable: true },
    /** An update's changed fields: `{field: {before, after}}`, secrets masked. */
    changes: { type: 'json', nullable: true },
    return: { type: 'string', nullable: true },
    created_at: { type: 'datetime', list: true, sortable: true, filter: 'between' },
  },
  filters: { keyword: { kind: 'keyword', fields: ['location', 'url', 'ip'] } },
  actions: ['list', 'export', 'show', 'delete'],
})

export type TLog = RecordOf<typeof logResource.fields>
