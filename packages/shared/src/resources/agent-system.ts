import { idField, nameFields, timestampFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { optionalIp, optionalText, optionalWebsite } from './field-rules'

/**
 * Cooperative companies' agent systems. The password is write-only: stored encrypted, never
 * answered; records carry `has_password` instead, and an empty password on update keeps the old one.
 */
export const agentSystemResource = defineResource({
  name: 'agent-systems',
  fields: {
    id: idField,
    ...nameFields(255),
    url: { type: 'string', input: 'text', rule: optionalWebsite(), default: '', list: true, filter: 'like' },
    user_name: {
      type: 'string',
      input: 'text',
      rule: optionalText(100),
      default: '',
      list: true,
      filter: 'like',
    },
    password: { type: 'string', input: 'password', rule: optionalText(100), default: '', writeOnly: true },
    has_password: { type: 'boolean', list: true },
    ip: { type: 'string', input: 'text', rule: optionalIp(), default: '', list: true, filter: 'like' },
    mac: { type: 'string', input: 'text', rule: optionalText(255), default: '', filter: 'like' },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'full_name', 'user_name'] } },
})

export type TAgentSystem = RecordOf<typeof agentSystemResource.fields>
