import { act, render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { ChunkLoadError } from './lazy-page'
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

describe('lazyPart’s stand-in and failure', () => {
  it('draws its stand-in in its place while it loads, with the props it will get', async () => {
    let resolve: (module: { default: typeof Frame }) => void = () => undefined
    const Part = lazyPart(
      () => new Promise<{ default: typeof Frame }>((done) => (resolve = done)),
      ({ title }) => <span>waiting for {title}</span>,
    )
    render(<Part title="the bell" />)
    expect(screen.getByText('waiting for the bell')).toBeTruthy()
    await act(async () => resolve({ default: Frame }))
    expect(screen.getByText('the bell')).toBeTruthy()
    expect(screen.queryByText('waiting for the bell')).toBeNull()
  })

  it('throws a failed load as a chunk error where it is drawn; the retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let attempts = 0
    const Part = lazyPart(
      () => {
        attempts += 1
        return attempts === 1
          ? Promise.reject(new Error('network down'))
          : Promise.resolve({ default: Frame })
      },
      undefined,
      'Bell',
    )
    render(
      <Caught>
        <Part title="the bell" />
      </Caught>,
    )
    expect(await screen.findByText('failed: Loading chunk Bell failed')).toBeTruthy()
    await act(async () => screen.getByRole('button', { name: 'retry' }).click())
    expect(await screen.findByText('the bell')).toBeTruthy()
    expect(attempts).toBe(2)
    vi.restoreAllMocks()
  })
})

class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    const retry = () => {
      ;(error as ChunkLoadError).reset?.()
      this.setState({ error: undefined })
    }
    return (
      <>
        <p>failed: {error.message}</p>
        <button type="button" onClick={retry}>
          retry
        </button>
      </>
    )
  }
}
