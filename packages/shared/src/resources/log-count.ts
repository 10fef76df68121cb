import { defineResource, optionsOf, type RecordOf } from './define-resource'

export const LOG_COUNT_PERIOD = optionsOf('log-counts', 'type', {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
})
export type LogCountPeriod = 'day' | 'week' | 'month' | 'quarter' | 'year'

/**
 * Log statistics: successful logins and distinct IPs per period. `date` labels the period:
 * 2024-05-01 (day), 2024-W18 (ISO week), 2024-05 (month), 2024-Q2 (quarter), 2024 (year).
 */
export const logCountResource = defineResource({
  name: 'log-counts',
  fields: {
    date: { type: 'string', list: true, sortable: true },
    login_count: { type: 'integer', list: true },
    ip_count: { type: 'integer', list: true },
  },
  filters: {
    type: { kind: 'equals', type: 'string', options: LOG_COUNT_PERIOD, label: 'fields.period' },
    created_at: { kind: 'between', type: 'datetime' },
  },
  actions: ['list', 'export'],
  defaultSort: '-date',
})

export type TLogCount = RecordOf<typeof logCountResource.fields>
