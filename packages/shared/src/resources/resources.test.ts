import { describe, expect, it } from 'vitest'
import { describeIssue } from '../validation/rules'
import { agentSystemResource } from './agent-system'
import { configResource } from './config'
import { defineResource } from './define-resource'
import { firmResource } from './firm'
import { productResource } from './product'
import { RESOURCES } from './registry'
import { yearResource } from './year'

const keysOf = (result: { success: boolean; error?: { issues: Parameters<typeof describeIssue>[0][] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), describeIssue(issue).key]),
  )

describe('resource definitions', () => {
  it('check an agent system: website with http(s), an IP address', () => {
    const bad = agentSystemResource.create.safeParse({
      name: 'A',
      full_name: 'A',
      url: 'www.a.cn',
      ip: '1.2.3',
    })
    expect(keysOf(bad)).toEqual({ url: 'validations.messages.url', ip: 'validations.messages.ip' })
    const good = agentSystemResource.create.safeParse({
      name: 'A',
      full_name: 'A',
      url: 'https://a.cn/login',
      ip: '::1',
    })
    expect(good.success).toBe(true)
  })

  it('read a payment period value as a comma-separated list of positive integers', () => {
    expect(yearResource.create.parse({ name: 'x', value: ' 5, 10 ,20' }).value).toBe('5,10,20')
    for (const value of ['5,', ',5', '5 10', '0', 'x']) {
      expect(keysOf(yearResource.create.safeParse({ name: 'x', value }))).toEqual({
        value: 'validations.messages.comma_integers',
      })
    }
  })

  it('take option codes and bitmasks as the original product stores them', () => {
    const options = productResource.fields.status.options
    expect(options).toEqual([
      { value: 0, label: 'options.products.status.halt_sales' },
      { value: 1, label: 'options.products.status.on_sale' },
      { value: 2, label: 'options.products.status.out_of_service' },
    ])
    const input = { name: 'P', firm_id: 1, classify_id: 1, classify2_id: 2, pclassify_id: 3 }
    expect(productResource.create.safeParse({ ...input, pay_type: 5, status: '2' }).success).toBe(true)
    expect(keysOf(productResource.create.safeParse({ ...input, pay_type: 8, status: 3 }))).toEqual({
      pay_type: 'validations.messages.in',
      status: 'validations.messages.in',
    })
    expect(keysOf(firmResource.create.safeParse({ name: 'F', full_name: 'F', type: 0 }))).toEqual({
      type: 'validations.messages.required',
    })
  })

  it('refuse JSON text nested deeper than a field needs', () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    const input = { name: 'N', key: 'k', options: deep }
    expect(keysOf(configResource.create.safeParse(input))).toEqual({ options: 'validations.messages.json' })
    expect(configResource.create.parse({ ...input, options: '{"a":{"b":[1]}}' }).options).toEqual({
      a: { b: [1] },
    })
  })

  it('describe themselves for the SPA: columns, filters, sorts, actions, defaults', () => {
    expect(productResource.url).toBe('/admin/products')
    expect(productResource.sorts).toEqual([
      'id',
      'firm_id',
      'status',
      'issue_at',
      'stop_at',
      'created_at',
      'updated_at',
    ])
    expect(productResource.filters.find((f) => f.name === 'keyword')).toMatchObject({
      kind: 'keyword',
      fields: ['name', 'uid', 'no', 'company_no'],
    })
    expect(productResource.filters.find((f) => f.name === 'status_not')).toMatchObject({
      kind: 'not-in',
      type: 'integer',
    })
    expect(productResource.defaults).toMatchObject({ status: 1, is_long_time: 1, buy_type: 1, year_ids: [] })
    expect(agentSystemResource.exportFields).not.toContain('password')
    expect(Object.keys(agentSystemResource.record.shape)).not.toContain('password')
    expect(RESOURCES['log-counts'].actions).toEqual(['list', 'export'])
    for (const [name, definition] of Object.entries(RESOURCES)) expect(definition.name).toBe(name)
    for (const definition of Object.values(RESOURCES)) {
      for (const sort of definition.sorts)
        expect(definition.fields[sort], `${definition.name}.${sort}`).toBeDefined()
      expect(definition.sorts).toContain(definition.defaultSort.replace(/^-/, ''))
    }
  })

  it('group the fields of every long form into sections, each input in exactly one', () => {
    for (const definition of Object.values(RESOURCES)) {
      const inputs = definition.fieldList.filter((field) => field.input).map((field) => field.name)
      if (inputs.length <= 10) continue
      const placed = definition.sections.flatMap((section) => section.fields)
      expect(placed.toSorted(), definition.name).toEqual(inputs.toSorted())
    }
    expect(firmResource.sections.map((section) => section.name)).toEqual([
      'basic',
      'agent_accounts',
      'notices',
    ])
  })

  it('refuse sections that leave out an input or name a field twice', () => {
    const fields = {
      name: { type: 'string', input: 'text' },
      note: { type: 'string', input: 'textarea' },
      count: { type: 'integer' },
    } as const
    expect(() => defineResource({ name: 'x', fields, sections: [{ name: 'a', fields: ['name'] }] })).toThrow(
      /note/,
    )
    expect(() =>
      defineResource({ name: 'x', fields, sections: [{ name: 'a', fields: ['name', 'note', 'name'] }] }),
    ).toThrow(/name/)
    expect(() =>
      defineResource({ name: 'x', fields, sections: [{ name: 'a', fields: ['name', 'note', 'count'] }] }),
    ).toThrow(/count/)
  })
})
