import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SafeHtml } from '../../../components/rich-text/SafeHtml'
import { renderMarkdown } from './render-markdown'

describe('a markdown page', () => {
  it('renders headings, lists, emphasis and tables', async () => {
    const html = await renderMarkdown('# Terms\n\n- **One**\n- Two\n\n| a | b |\n|---|---|\n| 1 | 2 |')
    const { container } = render(<SafeHtml html={html} />)
    expect(container.querySelector('h1')?.textContent).toBe('Terms')
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['One', 'Two'])
    expect(container.querySelector('strong')?.textContent).toBe('One')
    expect(container.querySelectorAll('td')).toHaveLength(2)
  })

  it('is shown sanitized: no script, event handler or javascript: link survives', async () => {
    const html = await renderMarkdown(
      'Hi <script>window.owned = 1</script><img src="x" onerror="window.owned = 2">\n\n[click](javascript:alert(1)) <a href="javascript:alert(2)">b</a>',
    )
    expect(html).toContain('<script>')
    const { container } = render(<SafeHtml html={html} />)
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull()
    for (const link of container.querySelectorAll('a'))
      expect(link.getAttribute('href') ?? '').not.toMatch(/javascript/i)
  })
})
