import { firmResource } from '@brokerdesk/shared'
import { bankFirm, banks, firms } from '../../db/schema/index'
import { tableOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { countFirmProducts } from './count-firm-products'

/** Insurance companies, with the banks they support (bank_firm) and the counts of their products. */
export const firmsBinding: ResourceBinding = {
  definition: firmResource,
  table: firms,
  links: {
    bank_ids: {
      table: bankFirm,
      ownerColumn: bankFirm.firm_id,
      targetColumn: bankFirm.bank_id,
      targetTable: banks,
    },
  },
  enrich: countFirmProducts,
  pageOptions: async (db) => ({ bank_ids: await tableOptions(db, banks) }),
}

export const firmsModule = resourcePlugin(firmsBinding)
