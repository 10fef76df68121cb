import type { Page } from 'playwright-core'

/**
 * Calls the web API from inside the page, as the user logged in there (session cookie, CSRF token
 * of GET /web-api/open/token), and answers the status with the parsed body.
 */
export async function callApi<T = Record<string, unknown>>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = (await (await fetch('/web-api/open/token')).json())._token as string
      const response = await fetch(`/web-api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': token, Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: await response.json().catch(() => null) }
    },
    { method, path, body },
  )
}

/** Adds an insurance company (type 1) through the API and answers its id. */
export async function createFirm(page: Page, name: string, fullName = `${name}有限公司`): Promise<number> {
  const firm = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/firms', {
    name,
    full_name: fullName,
    type: 1,
  })
  if (firm.status !== 201) throw new Error(`the firm ${name} was not added: ${JSON.stringify(firm.body)}`)
  return firm.body.row.id
}
