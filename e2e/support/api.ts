import type { BrowserContext, Page } from 'playwright-core'

/**
 * Calls the web API as the user logged in in a browser profile (its session cookie, the CSRF token of
 * GET /web-api/open/token), and answers the status with the parsed body. Through the profile's request
 * context, which shares its cookies: the page need not be open on the app.
 */
export async function callApi<T = Record<string, unknown>>(
  from: Page | BrowserContext,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const token = (await (await from.request.get('/web-api/open/token')).json())._token as string
  const response = await from.request.fetch(`/web-api${path}`, {
    method,
    headers: {
      'X-CSRF-TOKEN': token,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status(), body: await response.json().catch(() => null) }
}

/**
 * Logs a browser profile in through the web API, as the login form would (its session cookie set in
 * the profile): for the tests that are about something else than the login page.
 */
export async function logInThroughApi(
  context: BrowserContext,
  username: string,
  password: string,
): Promise<void> {
  const login = await callApi(context, 'POST', '/open/login', { username, password })
  if (login.status !== 200) throw new Error(`could not log in as ${username}: ${JSON.stringify(login.body)}`)
}

/** Adds an insurance company (type 1) through the API and answers its id. */
export async function createFirm(
  from: Page | BrowserContext,
  name: string,
  fullName = `${name}有限公司`,
): Promise<number> {
  const firm = await callApi<{ row: { id: number } }>(from, 'POST', '/admin/firms', {
    name,
    full_name: fullName,
    type: 1,
  })
  if (firm.status !== 201) throw new Error(`the firm ${name} was not added: ${JSON.stringify(firm.body)}`)
  return firm.body.row.id
}

/**
 * Adds a product through the API and answers its id: under the first seeded classification, its first
 * child and a seeded group (ids 1, 2 and 2) unless `fields` say otherwise.
 */
export async function createProduct(
  from: Page | BrowserContext,
  fields: { name: string; firm_id: number } & Record<string, unknown>,
): Promise<number> {
  const product = await callApi<{ row: { id: number } }>(from, 'POST', '/admin/products', {
    classify_id: 1,
    classify2_id: 2,
    pclassify_id: 2,
    ...fields,
  })
  if (product.status !== 201)
    throw new Error(`the product ${fields.name} was not added: ${JSON.stringify(product.body)}`)
  return product.body.row.id
}

/** Stores a file through the SPA's upload route, as the logged-in user; answers its address. */
export async function uploadFile(
  from: Page | BrowserContext,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const token = (await (await from.request.get('/web-api/open/token')).json())._token as string
  const response = await from.request.post('/web-api/home/upload/index', {
    headers: { 'X-CSRF-TOKEN': token, Accept: 'application/json' },
    multipart: { file },
  })
  if (!response.ok())
    throw new Error(`${file.name} was not stored: ${response.status()} ${await response.text()}`)
  return ((await response.json()) as { url: string }).url
}
