import type { FieldMeta, ResourcePageData } from '@brokerdesk/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { putCookie } from '../../test/cookies'
import { ColumnSettingsButton } from './ListSettingsButtons'

const field = (name: string, keyColumn = false) =>
  ({
    name,
    label: `fields.${name}`,
    type: 'string',
    keyColumn,
    list: true,
    options: null,
    input: null,
  }) as unknown as FieldMeta

const page = {
  resource: 'products',
  columns: ['uid', 'name', 'status'],
  fields: [field('uid'), field('name', true), field('status', true)],
  layout: null,
} as unknown as ResourcePageData

// The panel is a lazy chunk: loaded once here, so opening the popover renders it at once.
beforeAll(async () => {
  await import('./ListSettingsPanels')
})

let sent: { method: string; url: string; body: unknown }[] = []
beforeEach(() => {
  sent = []
  putCookie('Client-Id', 'test')
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      })
      const settings = { columns: null, density: 'middle', views: [] }
      return new Response(JSON.stringify({ settings }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
})

describe('the column settings of a list', () => {
  it('hides a lesser column for this user on the server; the key ones stay shown', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ColumnSettingsButton page={page} />
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: /columns|列设置/i }))
    const boxes = await screen.findAllByRole('checkbox', undefined, { timeout: 4000 })
    // Key columns first (name, status), then the lesser uid.
    expect(boxes.map((box) => (box as HTMLInputElement).disabled)).toEqual([true, true, false])
    await waitFor(() =>
      expect(sent.some((call) => call.url.includes('/home/list-settings/products'))).toBe(true),
    )
    fireEvent.click(boxes[2])
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true))
    const put = sent.find((call) => call.method === 'PUT')
    expect(put?.url).toContain('/home/list-settings/products')
    expect(put?.body).toMatchObject({
      columns: [
        { name: 'name', hidden: false },
        { name: 'status', hidden: false },
        { name: 'uid', hidden: true },
      ],
      density: 'middle',
    })
  })
})
