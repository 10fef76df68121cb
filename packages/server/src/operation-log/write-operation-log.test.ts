import { describe, expect, it } from 'vitest'
import { withoutSecrets } from './write-operation-log'

describe('the parameters the operation log keeps', () => {
  it('leave out secrets at any level', () => {
    expect(withoutSecrets({ name: 'a', password: 'p', nested: [{ api_token: 't', keep: 1 }] })).toEqual({
      name: 'a',
      nested: [{ keep: 1 }],
    })
    // a flag named like a secret tells none
    expect(withoutSecrets({ common_password: true, password: 1234 })).toEqual({ common_password: true })
  })

  it('hold only text jsonb can store: NUL and lone surrogates become U+FFFD, in values and keys', () => {
    expect(withoutSecrets({ description: 'a\u0000b', 'k\u0000': ['\ud800x', 'ok 😀'] })).toEqual({
      description: 'a\uFFFDb',
      'k\uFFFD': ['\uFFFDx', 'ok 😀'],
    })
  })

  it('keep a key named __proto__ as a key, as JSON gave it', () => {
    const logged = withoutSecrets(JSON.parse('{"__proto__": {"a": 1}, "b": 2}'))
    expect(JSON.stringify(logged)).toBe('{"__proto__":{"a":1},"b":2}')
    expect(Object.getPrototypeOf(logged)).toBe(Object.prototype)
  })

  it('cut nesting no input needs instead of overflowing the stack', () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const logged = withoutSecrets({ datas: deep }) as { datas: unknown }
    expect(JSON.stringify(logged).length).toBeLessThan(100)
    expect(JSON.stringify(logged)).toContain('…')
  })
})
