import { describe, expect, it } from 'vitest'
import { findUnstorableField, isStorableText, toStorableText } from './storable-text'

describe('text PostgreSQL can store', () => {
  it('refuses NUL and surrogates without their partner, and takes every other text', () => {
    for (const text of ['', 'plain', '保险产品', 'emoji 😀', '\uD83D\uDE00 pair'])
      expect(isStorableText(text), text).toBe(true)
    for (const text of ['a\u0000b', '\uD800', 'x\uDBFFy', '\uDC00', 'z\uDFFF', '\uDE00\uD83D'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false)
  })

  it('replaces each unstorable character by U+FFFD and leaves the rest as it was', () => {
    expect(toStorableText('a\u0000b\u0000')).toBe('a\uFFFDb\uFFFD')
    expect(toStorableText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz')
    expect(toStorableText('\uDE00\uD83D😀')).toBe('\uFFFD\uFFFD😀')
    expect(toStorableText('保险 😀')).toBe('保险 😀')
  })

  it('names the top-level field holding the first unstorable text or key', () => {
    expect(findUnstorableField({ name: 'ok', tags: ['fine', 'bad\u0000'] })).toBe('tags')
    expect(findUnstorableField({ nested: { 'k\uD800': 1 } })).toBe('nested')
    expect(findUnstorableField('\uDC00')).toBe('_')
    expect(findUnstorableField({ name: '保险', n: 1, list: [{ a: 'b' }] })).toBeUndefined()
  })
})
