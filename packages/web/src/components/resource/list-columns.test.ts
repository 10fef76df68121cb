import type { FieldMeta, ResourcePageData } from '@brokerdesk/shared'
import { describe, expect, it } from 'vitest'
import { listColumnsOf, shownColumnsOf } from './list-columns'

const field = (name: string, type: FieldMeta['type'], keyColumn = false) =>
  ({ name, type, keyColumn, list: true, options: null, input: null }) as unknown as FieldMeta

const page: Pick<ResourcePageData, 'columns' | 'fields' | 'layout'> = {
  columns: ['id', 'firm_id', 'firm_name', 'uid', 'name', 'status', 'issue_at'],
  fields: [
    field('id', 'integer'),
    field('firm_id', 'integer'),
    field('firm_name', 'string', true),
    field('uid', 'string'),
    field('name', 'string', true),
    field('status', 'integer', true),
    field('issue_at', 'datetime', true),
  ],
  layout: null,
}

describe('the columns of a list', () => {
  it('puts the key columns first, a reference by its name, each with a width for its kind', () => {
    expect(shownColumnsOf(page, null)).toEqual([
      { name: 'name', key: true, width: 180 },
      { name: 'firm_name', key: true, width: 180 },
      { name: 'status', key: true, width: 90 },
      { name: 'issue_at', key: true, width: 170 },
      { name: 'id', key: false, width: 80 },
      { name: 'uid', key: false, width: 128 },
    ])
  })

  it('follows the developer console layout, and the user own settings before it', () => {
    const layout = {
      columns: [
        { name: 'uid', width: 300, hidden: false },
        { name: 'id', width: null, hidden: true },
      ],
      fields: [],
      updated_at: '2026-01-01T00:00:00Z',
    }
    expect(shownColumnsOf({ ...page, layout }, null).map((c) => `${c.name}:${c.width}`)).toEqual([
      'uid:300',
      'firm_name:180',
      'name:180',
      'status:90',
      'issue_at:170',
    ])
    const own = [
      { name: 'name', width: 240, hidden: false },
      { name: 'firm_name', width: null, hidden: true },
    ]
    expect(listColumnsOf({ ...page, layout }, own).map((c) => `${c.name}:${c.hidden}`)).toEqual([
      'name:false',
      'firm_name:true',
      'id:false',
      'uid:false',
      'status:false',
      'issue_at:false',
    ])
  })
})
