import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getConfig } from '../../api/config'
import { PageFrame } from './ResourcePage'

describe('PageFrame', () => {
  it('is headed by its title as the h1, and names the browser tab after it', () => {
    render(
      <PageFrame title="保险产品">
        <p>rows</p>
      </PageFrame>,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('保险产品')
    expect(document.title).toBe(`保险产品 · ${getConfig().name}`)
  })
})
