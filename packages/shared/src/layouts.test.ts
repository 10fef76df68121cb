import { describe, expect, it } from 'vitest'
import { arrangeColumns, arrangeFields, groupFieldsBySection, layoutColumnsOf } from './layouts'

describe('a saved layout', () => {
  const columns = ['id', 'name', 'type', 'created_at']

  it('orders the columns, sets widths, hides some and keeps columns it does not know of at the end', () => {
    const layout = {
      columns: [
        { name: 'name', width: 200, hidden: false },
        { name: 'id', width: null, hidden: true },
        { name: 'dropped', width: 90, hidden: false },
        { name: 'type', width: null, hidden: false },
      ],
    }
    expect(arrangeColumns(columns, layout)).toEqual([
      { name: 'name', width: 200 },
      { name: 'type', width: null },
      { name: 'created_at', width: null },
    ])
    expect(arrangeColumns(columns, null).map((column) => column.name)).toEqual(columns)
    expect(layoutColumnsOf(columns, layout).map((column) => `${column.name}:${column.hidden}`)).toEqual([
      'name:false',
      'id:true',
      'type:false',
      'created_at:false',
    ])
  })

  it('orders the form fields, those it does not name after the others in their own order', () => {
    const fields = ['name', 'full_name', 'type', 'logo'].map((name) => ({ name }))
    expect(arrangeFields(fields, { fields: ['logo', 'name'] }).map((field) => field.name)).toEqual([
      'logo',
      'name',
      'full_name',
      'type',
    ])
    expect(arrangeFields(fields, undefined)).toEqual(fields)
  })

  it('groups the form fields by section, in the section order, the saved order applying within each', () => {
    const fields = ['name', 'logo', 'type', 'receipt', 'notice', 'extra'].map((name) => ({ name }))
    const sections = [
      { name: 'basic', fields: ['name', 'type', 'logo'] },
      { name: 'notices', fields: ['notice', 'receipt'] },
    ]
    const names = (layout: { fields: string[] } | null) =>
      groupFieldsBySection(fields, sections, layout).map(
        (group) => `${group.name}: ${group.fields.map((field) => field.name).join(' ')}`,
      )
    expect(names(null)).toEqual(['basic: name type logo', 'notices: notice receipt', 'null: extra'])
    // the saved order moves fields within their section, never out of it
    expect(names({ fields: ['receipt', 'logo', 'extra', 'name'] })).toEqual([
      'basic: logo name type',
      'notices: receipt notice',
      'null: extra',
    ])
    // a resource without sections is one untitled group in the saved order
    expect(groupFieldsBySection(fields, [], { fields: ['type'] }).map((group) => group.name)).toEqual([null])
    expect(groupFieldsBySection(fields, [], { fields: ['type'] })[0].fields[0]).toEqual({ name: 'type' })
  })
})
