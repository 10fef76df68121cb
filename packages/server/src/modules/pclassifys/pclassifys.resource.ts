import { pclassifyResource } from '@brokerdesk/shared'
import { pclassifys } from '../../db/schema/index'
import { treeOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import { parentNameColumn } from '../../resource/tree/parent-name-column'
import type { ResourceBinding } from '../../resource/types'

/** Insurance groupings: a nested set of any depth. */
export const pclassifysBinding: ResourceBinding = {
  definition: pclassifyResource,
  table: pclassifys,
  pageColumns: parentNameColumn(pclassifys),
  pageOptions: async (db) => ({ parent_id: await treeOptions(db, pclassifys) }),
}

export const pclassifysModule = resourcePlugin(pclassifysBinding)
