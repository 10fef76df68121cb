import { idField } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'

/**
 * The online sessions (issue 24): each live login with its account, address and the address's
 * place, browser, when it logged in and was last seen. Read-only but for ending sessions (delete:
 * the session ends, its next request is told it was logged out by an administrator).
 */
export const sessionResource = defineResource({
  name: 'sessions',
  fields: {
    id: idField,
    user_id: { type: 'integer', filter: 'equals' },
    /** The account as it logged in (account name, else e-mail or mobile number). */
    account: { type: 'string', list: true, keyColumn: true, filter: 'like' },
    /** The account's name, read when answered. */
    user_name: { type: 'string', list: true, export: false },
    ip: { type: 'string', list: true, filter: 'like' },
    location: { type: 'string', list: true, filter: 'like' },
    /** Browser and system, read from the user agent. */
    browser: { type: 'string', list: true, export: false },
    user_agent: { type: 'string' },
    remember: { type: 'boolean' },
    created_at: {
      type: 'datetime',
      list: true,
      sortable: true,
      filter: 'between',
      label: 'fields.logged_in_at',
    },
    last_used_at: {
      type: 'datetime',
      list: true,
      sortable: true,
      filter: 'between',
      label: 'fields.last_seen_at',
    },
    expires_at: { type: 'datetime' },
  },
  filters: { keyword: { kind: 'keyword', fields: ['account', 'ip', 'location', 'user_agent'] } },
  actions: ['list', 'export', 'delete'],
  defaultSort: '-created_at',
})

export type TSession = RecordOf<typeof sessionResource.fields>
