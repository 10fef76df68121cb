import { act, render, screen } from '@testing-library/react'
import type { JSX } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import '../i18n/i18n'
import { lazyPage } from '../app/lazy-page'
import { sessionStore } from '../state/session-store'
import { OpenLayout } from './OpenLayout'

// A visitor (the files of a worker share the stores: a test before may have left a user logged in).
beforeEach(() => {
  sessionStore.set({ user: {}, lifetime: 0, loading: false })
})

describe('OpenLayout', () => {
  it('draws the footer with the page, not under the spinner while the page loads', async () => {
    let arrive = (_page: { default: () => JSX.Element }) => {}
    const Page = lazyPage(
      () =>
        new Promise<{ default: () => JSX.Element }>((resolve) => {
          arrive = resolve
        }),
      'SiteHome',
    )
    const router = createMemoryRouter(
      [{ path: '/open', element: <OpenLayout />, children: [{ path: 'index', element: <Page /> }] }],
      { initialEntries: ['/open/index'] },
    )
    let container = document.body
    await act(async () => {
      container = render(<RouterProvider router={router} />).container
    })

    expect(await screen.findByRole('status')).toBeTruthy()
    expect(container.querySelector('main#content')).not.toBeNull()
    expect(container.querySelector('footer')).toBeNull()

    await act(async () => arrive({ default: () => <p>the site's home</p> }))
    expect(await screen.findByText("the site's home")).toBeTruthy()
    expect(container.querySelector('main#content')?.textContent).toBe("the site's home")
    expect(container.querySelector('footer.bd-open__footer')).not.toBeNull()
  })
})
