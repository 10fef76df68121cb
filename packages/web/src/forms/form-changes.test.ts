import { describe, expect, it } from 'vitest'
import { differs } from './form-changes'

describe('unsaved changes of a form', () => {
  const row = { name: '中国人寿', insure_notify: null, bank_ids: [1, 2], order: 0 }

  it('are none when a widget only turned an empty null into an empty text', () => {
    expect(differs({ ...row, insure_notify: '' }, row)).toBe(false)
  })

  it('are there when a value, or the order of a list, differs, and gone when it is changed back', () => {
    expect(differs({ ...row, name: '中国人寿改' }, row)).toBe(true)
    expect(differs({ ...row, bank_ids: [2, 1] }, row)).toBe(true)
    expect(differs({ ...row, order: '0' }, row)).toBe(true)
    expect(differs({ ...row, name: '中国人寿' }, row)).toBe(false)
  })
})
