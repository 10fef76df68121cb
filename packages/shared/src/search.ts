import { z } from 'zod'

/** The longest keyword the command palette searches records for. */
export const SEARCH_KEYWORD_MAX = 50

/** How many records each group of the palette's answer shows. */
export const SEARCH_GROUP_SIZE = 5

/** `GET /admin/search?keyword=`: the palette's record search, 1 to SEARCH_KEYWORD_MAX characters. */
export const ZSearchQuery = z.object({
  keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
})

/** One record found: its label, a second line, and the SPA path that opens it. */
export interface SearchHit {
  id: number
  label: string
  detail: string
  path: string
}

/**
 * The records of one resource the caller may list, as its list would show them (first
 * SEARCH_GROUP_SIZE); `more`: others match too; `too_broad`: the indexes could not answer the
 * keyword in time, a longer one is needed.
 */
export interface SearchGroup {
  resource: string
  /** The resource's list page in the SPA, with the keyword: where "more" leads. */
  list_path: string
  hits: SearchHit[]
  more: boolean
  too_broad: boolean
}

/** Only the groups with a hit (or a search too broad to answer), in a fixed order. */
export interface SearchAnswer {
  keyword: string
  groups: SearchGroup[]
}
