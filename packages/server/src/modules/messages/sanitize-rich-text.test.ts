import { describe, expect, it } from 'vitest'
import { hasVisibleContent, sanitizeRichText } from './sanitize-rich-text'

describe('sanitizeRichText', () => {
  it('drops scripts, event handlers, styles and javascript: links, keeping the formatting', () => {
    const html = sanitizeRichText(
      '<p onclick="steal()">Hi <strong>all</strong><script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><style>p{}</style>' +
        '<iframe src="https://evil.example"></iframe>',
    )
    expect(html).toBe('<p>Hi <strong>all</strong></p><a>x</a><img src="x" />')
  })

  it('keeps http(s) links and images, and makes a link opening elsewhere unable to reach this page', () => {
    expect(sanitizeRichText('<a href="https://a.example/x" target="_top">a</a>')).toBe(
      '<a href="https://a.example/x" target="_blank" rel="noopener noreferrer">a</a>',
    )
    expect(sanitizeRichText('<img src="https://a.example/p.png" alt="p">')).toBe(
      '<img src="https://a.example/p.png" alt="p" />',
    )
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('<img />')
  })

  it('takes a text without tags as plain text: paragraphs, line breaks, escaped characters', () => {
    expect(sanitizeRichText('Hello\nworld\n\n1 < 2 & "3"')).toBe(
      '<p>Hello<br />world</p><p>1 &lt; 2 &amp; "3"</p>',
    )
  })
})

describe('hasVisibleContent', () => {
  it('is false for markup without text or image', () => {
    expect(hasVisibleContent('<p> <br /></p>')).toBe(false)
    expect(hasVisibleContent('<p>&nbsp;</p>')).toBe(false)
    expect(hasVisibleContent('<p>x</p>')).toBe(true)
    expect(hasVisibleContent('<img src="https://a.example/p.png" />')).toBe(true)
  })
})
