import { areaResource } from '@brokerdesk/shared'
import { areas } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import { parentNameColumn } from '../../resource/tree/parent-name-column'
import type { ResourceBinding } from '../../resource/types'

/**
 * Administrative regions: a nested set whose ids are the official codes. The page data carries no
 * region tree (about 3,700 nodes); a form loads one level at a time with `list?parent_id=<id>`,
 * or everything with `list?tree=1`.
 */
export const areasBinding: ResourceBinding = {
  definition: areaResource,
  table: areas,
  pageColumns: parentNameColumn(areas),
  uniqueIndexes: { areas_pkey: 'id' },
}

export const areasModule = resourcePlugin(areasBinding)
