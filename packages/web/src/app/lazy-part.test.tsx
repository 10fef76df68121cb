import { act, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyPart } from './lazy-part'

function Frame({ children, title }: { children?: ReactNode; title: string }) {
  return (
    <div>
      <span>{title}</span>
      {children}
    </div>
  )
}

describe('lazyPart', () => {
  it('shows the children while the part loads, then the part with its props', async () => {
    let resolve: (module: { default: typeof Frame }) => void = () => undefined
    const Part = lazyPart(() => new Promise<{ default: typeof Frame }>((done) => (resolve = done)))
    render(
      <Part title="loaded">
        <button type="button">trigger</button>
      </Part>,
    )
    expect(screen.getByRole('button', { name: 'trigger' })).toBeTruthy()
    expect(screen.queryByText('loaded')).toBeNull()
    await act(async () => resolve({ default: Frame }))
    expect(screen.getByText('loaded')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'trigger' })).toBeTruthy()
  })

  it('shows nothing while a part without children loads', async () => {
    const Part = lazyPart(() => Promise.resolve({ default: Frame }))
    const { container } = render(<Part title="tree" />)
    expect(container.textContent).toBe('')
    expect(await screen.findByText('tree')).toBeTruthy()
  })
})
