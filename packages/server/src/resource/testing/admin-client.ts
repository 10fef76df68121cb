import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { loginAs } from '../../testing/login-as'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface AdminClient {
  request(method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse>
  get(url: string): Promise<LightMyRequestResponse>
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>
}

/** Calls `/api<url>` as the given user (the super administrator by default), with a bearer token. */
export async function adminClient(app: FastifyInstance, userId = 1): Promise<AdminClient> {
  const { api } = await loginAs(app, userId)
  const request = (method: Method, url: string, body?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: api,
      ...(body === undefined ? {} : { payload: body as object }),
    })
  return {
    request,
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body),
    put: (url, body) => request('PUT', url, body),
    delete: (url, body) => request('DELETE', url, body),
  }
}
