import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { applyLanguage } from '../i18n/language'
import AccountMenu from './AccountMenu'

// The dropdown's module is compiled once before the tests (its first compile can outlast waitFor on
// a loaded machine); the menu still imports it on first need.
beforeAll(async () => {
  await import('./AccountDropdown')
})

beforeEach(async () => {
  await applyLanguage('zh-CN', { persist: false })
})

function Where() {
  return <output>{useLocation().pathname}</output>
}

function renderMenu() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/admin/products']}>
        <AccountMenu area="admin" user={{ id: 7, uname: 'alice', name: 'Alice' }} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AccountMenu', () => {
  it('draws the button alone, then opens the dropdown on the first click with the focus kept', async () => {
    renderMenu()
    const button = screen.getByRole('button', { name: '账户' })
    expect(button.textContent).toContain('Alice')
    expect(screen.queryByRole('menu')).toBeNull()
    await userEvent.tab()
    expect(document.activeElement).toBe(button)
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('menuitem', { name: /个人资料/ })).toBeTruthy()
    const trigger = screen.getByRole('button', { name: '账户' })
    expect(document.activeElement).toBe(trigger)
    // The header's look stays: the dropdown adds its class names to the button's own.
    expect(trigger.className).toMatch(/bd-header-button bd-user-button.*ant-dropdown-trigger/)
  })

  it("goes to a link's page and closes", async () => {
    renderMenu()
    await userEvent.click(screen.getByRole('button', { name: '账户' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: /个人资料/ }))
    expect(screen.getByRole('status').textContent).toBe('/admin/personage/index')
  })
})
