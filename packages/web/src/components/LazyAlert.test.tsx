import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LazyAlert } from './LazyAlert'

// The alert's chunk cannot be fetched, as when the server that would serve it is unreachable.
vi.mock('./alert-chunk', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/alert-chunk.js')
})

describe('LazyAlert', () => {
  it('shows the alert as plain text, still closable, when antd’s Alert cannot be loaded', async () => {
    const onClose = vi.fn()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<LazyAlert type="error" title="The server cannot be reached" closable={{ onClose }} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The server cannot be reached')
    expect(alert.className).toContain('bd-plain-alert--error')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
