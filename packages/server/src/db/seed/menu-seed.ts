import type { AppEnv, HttpMethodName, MenuGroup, USE_BITS } from '@brokerdesk/shared'

export const RESOURCE_ACTIONS = ['list', 'export', 'import', 'show', 'create', 'update', 'delete'] as const
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number]

/** A resource item: its actions become child items numbered right after it (id + 1, id + 2, ...). */
export interface ResourceSeed {
  /** What one record is called, used in the action names ("Export bank"). */
  item: string
  /** The actions it offers, when not all seven. */
  only?: ResourceAction[]
  /** Actions that exist only in some environments. */
  env?: Partial<Record<ResourceAction, AppEnv[]>>
}

/** One item of the seeded menu tree; omitted fields take the column defaults. */
export interface MenuSeed {
  id: number
  name: string
  /** Defaults to the name. */
  description?: string
  icons?: string
  url?: string
  method?: HttpMethodName[]
  page?: boolean
  display?: boolean
  group?: MenuGroup
  action?: string
  use?: (keyof typeof USE_BITS)[]
  env?: AppEnv[]
  middleware?: string[]
  as?: string
  resource?: ResourceSeed
  /** Children listed after a resource's actions. */
  children?: MenuSeed[]
}

interface ActionRoute {
  method: HttpMethodName
  /** Appended to the resource's url. */
  path: string
  page?: boolean
  icons: string
  name: (item: string) => string
}

const lower = (item: string) => item.charAt(0).toLowerCase() + item.slice(1)

export const ACTION_ROUTES: Record<ResourceAction, ActionRoute> = {
  list: { method: 'get', path: '/list', icons: 'fa-list', name: (item) => `${item} list` },
  export: { method: 'get', path: '/excel', icons: 'fa-download', name: (item) => `Export ${lower(item)}` },
  import: { method: 'post', path: '/import', icons: 'fa-upload', name: (item) => `Import ${lower(item)}` },
  show: { method: 'get', path: '/{id}', page: true, icons: 'fa-eye', name: (item) => `${item} details` },
  create: { method: 'post', path: '', icons: 'fa-plus', name: (item) => `Create ${lower(item)}` },
  update: { method: 'put', path: '/{id}', icons: 'fa-edit', name: (item) => `Update ${lower(item)}` },
  delete: { method: 'delete', path: '', icons: 'fa-trash', name: (item) => `Delete ${lower(item)}` },
}
