import { act, fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../i18n/i18n'
import { ChunkLoadError, chunkNameOf, lazyPage, loadChunk } from './lazy-page'
import { RouteErrorBoundary } from './RouteErrorBoundary'

afterEach(() => {
  vi.useRealTimers()
})

describe('loadChunk', () => {
  it('fails a chunk that does not load within 120 000 ms with a timeout', async () => {
    vi.useFakeTimers()
    const result = loadChunk('OpenIndexPage', () => new Promise<never>(() => undefined)).catch(
      (e: unknown) => e,
    )

    await vi.advanceTimersByTimeAsync(119_999)
    await vi.advanceTimersByTimeAsync(1)
    const error = await result

    expect(error).toBeInstanceOf(ChunkLoadError)
    expect(error).toMatchObject({ message: 'Loading chunk OpenIndexPage failed', type: 'timeout' })
  })

  it('calls a chunk whose file could not be fetched missing, and any other failure error', async () => {
    const missing = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    await expect(loadChunk('x', () => Promise.reject(missing))).rejects.toMatchObject({
      message: 'Loading chunk x failed',
      type: 'missing',
    })
    await expect(loadChunk('y', () => Promise.reject(new Error('boom')))).rejects.toMatchObject({
      message: 'Loading chunk y failed',
      type: 'error',
    })
  })

  it('resolves a chunk that loads in time', async () => {
    await expect(loadChunk('z', () => Promise.resolve(42))).resolves.toBe(42)
  })
})

describe('chunkNameOf', () => {
  it('names a chunk after the file its loader imports', () => {
    expect(chunkNameOf(() => import('../pages/errors/ErrorPage'))).toBe('ErrorPage')
  })
})

describe('lazyPage', () => {
  it('renders a page whose chunk was preloaded at once, without its loading fallback', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>rows</p> }), 'ResourceListPage')
    await Page.preload()
    const Fallback = vi.fn(() => <p>loading</p>)
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    )
    expect(screen.getByText('rows')).toBeTruthy()
    expect(Fallback).not.toHaveBeenCalled()
  })

  it('shows the failure with a retry button that loads the page again', async () => {
    let attempts = 0
    const loader = () => {
      attempts += 1
      return attempts === 1
        ? Promise.reject(new Error('network down'))
        : Promise.resolve({ default: () => <p>Firms page</p> })
    }
    const Page = lazyPage(loader, 'FirmList')
    const router = createMemoryRouter(
      [
        {
          path: '/admin/firms',
          errorElement: <RouteErrorBoundary />,
          element: (
            <Suspense fallback={<p>loading</p>}>
              <Page />
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/admin/firms'] },
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // A suspending render must run inside an awaited act() for React to retry it.
    await act(async () => {
      render(<RouterProvider router={router} />)
    })

    expect(await screen.findByText('Loading chunk FirmList failed (error)')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Retry/ }))
    })

    expect(await screen.findByText('Firms page')).toBeTruthy()
    expect(attempts).toBe(2)
  })
})
