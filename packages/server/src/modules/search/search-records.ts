import { SEARCH_GROUP_SIZE, type SearchAnswer, type SearchGroup } from '@brokerdesk/shared'
import { heldRoutesAmong, routeKey } from '../../access/route-access'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { listRecords } from '../../resource/list-records'
import type { ResourceBinding, ResourceContext, Row } from '../../resource/types'
import { agentSystemsBinding } from '../agent-systems/agent-systems.resource'
import { banksBinding } from '../banks/banks.resource'
import { departmentsBinding } from '../departments/departments.resource'
import { firmsBinding } from '../firms/firms.resource'
import { productsBinding } from '../products/products.resource'
import { rolesBinding } from '../roles/roles.resource'
import { usersBinding } from '../users/users.resource'

/** A resource the palette searches: its binding, and the two lines a record shows. */
interface SearchedResource {
  binding: ResourceBinding
  label: (row: Row) => unknown
  detail: (row: Row) => unknown
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
const joined = (...values: unknown[]) => values.map(text).filter(Boolean).join(' · ')

/**
 * A binding as the palette lists it: its scope, filters and page columns, without the per-page
 * counts it does not show (a firm's products: a count over the products of each firm; a bank's firms).
 */
const listed = (binding: ResourceBinding): ResourceBinding => ({ ...binding, enrich: undefined })

/** The palette's groups, in the order it shows them: what a broker looks up most first. */
export const SEARCHED_RESOURCES: readonly SearchedResource[] = [
  { binding: productsBinding, label: (r) => r.name, detail: (r) => joined(r.no, r.firm_name) },
  { binding: listed(firmsBinding), label: (r) => r.name, detail: (r) => r.full_name },
  {
    binding: usersBinding,
    label: (r) => r.name || r.uname,
    detail: (r) => joined(r.uname, r.department_name),
  },
  { binding: listed(banksBinding), label: (r) => r.name, detail: (r) => r.full_name },
  { binding: agentSystemsBinding, label: (r) => r.name, detail: (r) => r.full_name },
  { binding: departmentsBinding, label: (r) => r.name, detail: (r) => r.parent_name },
  { binding: rolesBinding, label: (r) => r.name, detail: (r) => r.description },
]

const listUrlOf = (binding: ResourceBinding) => `${binding.definition.url}/list`

/** Matching ids a group reads first (listRecords' `textMatchesRead`): more means a common word. */
const PALETTE_MATCHES_READ = 100

export interface SearchRecordsOptions {
  db: Db
  ctx: ResourceContext
  keyword: string
  /** How long each group's text search may run on PostgreSQL before the group answers `too_broad`. */
  searchTimeoutMs: number
}

/**
 * The command palette's record search: for each searched resource the caller may list (its list
 * route's menu item, the one access decision), the first records its list shows for the keyword —
 * the engine's own list, so its data scope, text indexes and time limit apply as they do there.
 * A group the indexes cannot answer in time is empty and `too_broad`, never an error.
 */
export async function searchRecords(options: SearchRecordsOptions): Promise<SearchAnswer> {
  const { db, ctx, keyword } = options
  const listable = await heldRoutesAmong(db, {
    routes: SEARCHED_RESOURCES.map((searched) => ({ url: listUrlOf(searched.binding), method: 'GET' })),
    env: ctx.env,
    roleIds: ctx.roleIds,
  })
  const groups = await Promise.all(
    SEARCHED_RESOURCES.filter((searched) => listable.has(routeKey('GET', listUrlOf(searched.binding)))).map(
      (searched) => searchGroup(options, searched),
    ),
  )
  return { keyword, groups: groups.filter((group) => group.hits.length > 0 || group.too_broad) }
}

async function searchGroup(options: SearchRecordsOptions, searched: SearchedResource): Promise<SearchGroup> {
  const { db, ctx, keyword } = options
  const { binding } = searched
  const base = binding.definition.url
  const group = {
    resource: binding.definition.name,
    list_path: `${base}?${new URLSearchParams({ keyword })}`,
    hits: [],
    more: false,
    too_broad: false,
  }
  try {
    // The first page (named, so nothing is counted) in the smallest size a list offers; the rows
    // past the group's size only tell that more match.
    const page = await listRecords({
      db,
      binding,
      query: { keyword, page: '1', per_page: '10' },
      language: ctx.language,
      scope: await binding.scope?.(ctx),
      searchTimeoutMs: options.searchTimeoutMs,
      // Five rows and whether more follow: a word matching a hundred rows is common enough for the
      // sort's index to find them soon.
      textMatchesRead: PALETTE_MATCHES_READ,
    })
    const rows = page.data
    return {
      ...group,
      more: rows.length > SEARCH_GROUP_SIZE || page.last_page > 1,
      hits: rows.slice(0, SEARCH_GROUP_SIZE).map((row) => ({
        id: Number(row.id),
        label: text(searched.label(row)),
        detail: text(searched.detail(row)),
        path: `${base}/${Number(row.id)}`,
      })),
    }
  } catch (error) {
    // The list's 422 "narrow the search": the indexes could not answer this keyword in time.
    if (error instanceof AppError && error.code === 'validation' && error.errors?.keyword) {
      return { ...group, too_broad: true }
    }
    throw error
  }
}
