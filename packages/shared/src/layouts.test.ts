import { describe, expect, it } from 'vitest'
import { arrangeColumns, arrangeFields, layoutColumnsOf } from './layouts'

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
})
