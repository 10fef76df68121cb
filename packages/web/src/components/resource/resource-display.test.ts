import type { FieldMeta, FilterMeta, ResourcePageData } from '@brokerdesk/shared'
import type { TFunction } from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { dayjs } from '../../i18n/dayjs'
import { displayValue, rememberingT } from './option-label'
import { filterParams, filterValues } from './ResourceFilters'

const t = ((key: string | string[], options?: { defaultValue?: string }) =>
  Array.isArray(key)
    ? key[0]
    : key.startsWith('options.')
      ? key.split('.').pop()
      : (options?.defaultValue ?? key)) as unknown as TFunction

const field = (extra: Partial<FieldMeta>): FieldMeta => ({
  name: 'f',
  label: 'fields.f',
  type: 'integer',
  nullable: false,
  input: null,
  required: false,
  default: null,
  options: null,
  list: true,
  keyColumn: false,
  bulk: false,
  sortable: false,
  filter: null,
  export: true,
  writeOnly: false,
  ...extra,
})

const filter = (name: string, kind: FilterMeta['kind'], type: FilterMeta['type'] = 'string'): FilterMeta => ({
  name,
  kind,
  fields: [name],
  type,
  options: null,
  label: `fields.${name}`,
})

describe('filterParams', () => {
  it('turns the filter form into the query the list reads', () => {
    const filters = [
      filter('keyword', 'keyword'),
      filter('firm_id', 'in', 'integer'),
      filter('pay_type', 'bits', 'integer'),
      filter('stop_at', 'between', 'date'),
      filter('order', 'between', 'integer'),
      filter('status', 'equals', 'integer'),
      filter('name', 'like'),
    ]
    expect(
      filterParams(filters, {
        keyword: '  life ',
        firm_id: [3, 5],
        pay_type: [1, 4],
        stop_at: [dayjs('2026-01-02'), null],
        order: [null, 9],
        status: 0,
        name: '',
      }),
    ).toEqual({
      keyword: 'life',
      firm_id: '3,5',
      pay_type: 5,
      stop_at: '2026-01-02,',
      order: ',9',
      status: 0,
    })
  })
})

describe('filterValues', () => {
  it('reads the form back from a list address, matching choices to their options', () => {
    const options = (...values: number[]) => values.map((value) => ({ value, label: `o${value}` }))
    const page = {
      filters: [
        filter('keyword', 'keyword'),
        { ...filter('firm_id', 'in', 'integer'), options: { resource: 'firms' } },
        { ...filter('pay_type', 'bits', 'integer'), options: options(1, 2, 4) },
        filter('stop_at', 'between', 'date'),
        filter('order', 'between', 'integer'),
        { ...filter('status', 'equals', 'integer'), options: options(0, 1) },
        filter('status_not', 'not-in', 'integer'),
      ],
      options: { firm_id: options(3, 5, 8) },
    } as unknown as ResourcePageData
    const query = {
      keyword: 'life',
      firm_id: '3,5,99',
      pay_type: '5',
      stop_at: '2026-01-02,',
      order: ',9',
      status: '0',
      status_not: '1',
    }
    const values = filterValues(page, query)
    expect({ ...values, stop_at: undefined }).toEqual({
      keyword: 'life',
      firm_id: [3, 5],
      pay_type: [1, 4],
      order: [null, 9],
      status: 0,
      stop_at: undefined,
    })
    const [from, to] = values.stop_at as [dayjs.Dayjs, null]
    expect([from.format('YYYY-MM-DD'), to]).toEqual(['2026-01-02', null])
    // Back to the same query (the unknown firm and the not-in filter, which the form has not, aside).
    expect(filterParams(page.filters, values)).toEqual({
      ...query,
      firm_id: '3,5',
      pay_type: 5,
      status: 0,
      status_not: undefined,
    })
  })

  it('leaves out what does not read as a value of its filter', () => {
    const page = {
      filters: [
        filter('stop_at', 'between', 'date'),
        { ...filter('status', 'equals', 'integer'), options: [{ value: 1, label: 'x' }] },
      ],
      options: {},
    } as unknown as ResourcePageData
    expect(filterValues(page, { stop_at: 'soon,later', status: '7' })).toEqual({})
  })
})

describe('displayValue', () => {
  const options = [
    { value: 1, label: 'options.products.pay_type.one_time' },
    { value: 2, label: 'options.products.pay_type.installments' },
    { value: 4, label: 'options.products.pay_type.flexible' },
  ]

  it('names the options of a code, a bitmask and a list, and marks a missing value', () => {
    expect(displayValue(t, field({ input: 'radio' }), 2, options)).toBe('installments')
    expect(displayValue(t, field({ input: 'checkbox' }), 5, options)).toBe('one_time, flexible')
    expect(displayValue(t, field({ input: 'multi-select' }), [4, 1], options)).toBe('flexible, one_time')
    expect(displayValue(t, field({}), null, undefined)).toBe('messages.missing_value')
  })

  it('shows names of other resources as they are and cuts long text', () => {
    expect(displayValue(t, field({}), 7, [{ value: 7, label: '工商银行' }])).toBe('工商银行')
    expect(displayValue(t, field({ type: 'string' }), 'x'.repeat(120), undefined)).toHaveLength(101)
  })
})

describe('rememberingT', () => {
  it('asks each key with the same options once and answers it again from memory', () => {
    const asked = vi.fn(t)
    const text = rememberingT(asked as unknown as TFunction)
    const options = [{ value: 2, label: 'options.products.pay_type.installments' }]
    for (let row = 0; row < 15; row++) {
      expect(displayValue(text, field({ input: 'radio' }), 2, options)).toBe('installments')
      expect(displayValue(text, field({}), null, undefined)).toBe('messages.missing_value')
    }
    expect(asked).toHaveBeenCalledTimes(2)
    // other options are another question
    expect(text('messages.missing_value', { defaultValue: 'none' })).toBe('none')
    expect(text(['labels.a', 'fields.a'])).toBe('labels.a')
    expect(asked).toHaveBeenCalledTimes(4)
  })
})
