import { describe, expect, it } from 'vitest'
import {
  imageMarkdown,
  insertBlock,
  insertLink,
  markdownPreview,
  prefixLines,
  tableTemplate,
  wrapSelection,
} from './markdown'

describe('markdown preview', () => {
  it('renders tables, code and images, and drops scripts and event handlers', () => {
    const html = markdownPreview(
      `| A | B |\n|---|---|\n| 1 | 2 |\n\n\`\`\`ts\nconst a = 1 < 2\n\`\`\`\n\n![x](/uploads/a.png)\n\n<script>alert(1)</script><img src="x" onerror="alert(2)">\n\n[l](javascript:alert(3))`,
    )
    expect(html).toContain('<table>')
    expect(html).toContain('<td>2</td>')
    expect(html).toContain('<code class="language-ts">const a = 1 &lt; 2')
    expect(html).toContain('<img src="/uploads/a.png" alt="x">')
    expect(html).not.toMatch(/<script|onerror|href="javascript:/)
    expect(html).toContain('<a>l</a>')
  })
})

describe('markdown toolbar edits', () => {
  it('wraps the selection, or a placeholder, and selects the wrapped text', () => {
    expect(wrapSelection('a bc d', 2, 4, '**', 'bold')).toEqual({ text: 'a **bc** d', start: 4, end: 6 })
    expect(wrapSelection('ab', 1, 1, '_', 'it')).toEqual({ text: 'a_it_b', start: 2, end: 4 })
  })

  it('links the selection, or a placeholder, and selects the address', () => {
    expect(insertLink('see docs here', 4, 8, 'link')).toEqual({
      text: 'see [docs](https://) here',
      start: 11,
      end: 19,
    })
    expect(insertLink('ab', 1, 1, 'link').text).toBe('a[link](https://)b')
  })

  it('prefixes every line the selection touches', () => {
    expect(prefixLines('one\ntwo\nthree', 5, 9, '- ').text).toBe('one\n- two\n- three')
    expect(prefixLines('title', 2, 2, '## ').text).toBe('## title')
  })

  it('inserts blocks on their own lines, and builds tables and images', () => {
    expect(insertBlock('para', 4, 'X').text).toBe('para\n\nX\n')
    expect(insertBlock('', 0, 'X')).toEqual({ text: 'X\n', start: 0, end: 1 })
    expect(insertBlock('a\n\nb', 3, 'X').text).toBe('a\n\nX\n\nb')
    expect(tableTemplate(['A', 'B'], 1)).toBe('| A | B |\n| --- | --- |\n|   |   |')
    expect(imageMarkdown('a [b]', '/uploads/my file(1).png')).toBe('![a b](/uploads/my%20file%281%29.png)')
  })
})
