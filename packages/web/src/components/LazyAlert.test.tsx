import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LazyAlert } from './LazyAlert'

// The alert's chunk comes when the test lets it, and then cannot be fetched, as when the server that
// would serve it is unreachable.
const chunk = vi.hoisted(() => {
  let arrive: () => void = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  return { arrived, arrive: () => arrive() }
})
vi.mock('./alert-chunk', async () => {
  await chunk.arrived
  throw new TypeError('Failed to fetch dynamically imported module: /assets/alert-chunk.js')
})

describe('LazyAlert', () => {
  it('shows the text at once, while antd’s Alert is still on its way', async () => {
    const { unmount } = render(<LazyAlert type="success" title="Restored" />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Restored')
    expect(alert.className).toContain('bd-plain-alert--success')
    unmount()
    chunk.arrive()
  })

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
