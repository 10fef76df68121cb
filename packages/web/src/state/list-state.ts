import type { Params } from '../api/http'

/** Where a resource list was: its filter form, the filters it searched with, sort, page and size. */
export interface ListState {
  values: Record<string, unknown>
  filters: Params
  sort?: string
  page: number
  perPage: number
  counted: boolean
}

/**
 * The last state of each resource's list in this tab, so coming back from a record (or another page)
 * shows the list as it was left. Kept in memory only: a reload starts afresh.
 */
const states = new Map<string, ListState>()

export function savedListState(resource: string): ListState | undefined {
  return states.get(resource)
}

export function saveListState(resource: string, state: ListState): void {
  states.set(resource, state)
}

/** Forgets every list's state (a new user in this tab starts with plain lists). */
export function clearListStates(): void {
  states.clear()
}
