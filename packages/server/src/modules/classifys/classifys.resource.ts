import { classifyResource } from '@brokerdesk/shared'
import { classifys } from '../../db/schema/index'
import { treeOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import { parentNameColumn } from '../../resource/tree/parent-name-column'
import type { ResourceBinding } from '../../resource/types'

/** Insurance classifications: a nested set two levels deep. */
export const classifysBinding: ResourceBinding = {
  definition: classifyResource,
  table: classifys,
  pageColumns: parentNameColumn(classifys),
  pageOptions: async (db) => ({ parent_id: await treeOptions(db, classifys) }),
}

export const classifysModule = resourcePlugin(classifysBinding)
