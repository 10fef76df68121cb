import { firmResource } from '@brokerdesk/shared'
import { bankFirm, banks, firms } from '../../db/schema/index'
import { tableOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding, Row } from '../../resource/types'
import { sanitizeRichText } from '../messages/sanitize-rich-text'
import { countFirmProducts } from './count-firm-products'

/** The insurance notice is rich text: stored sanitized (formatting, links and images only). */
async function sanitizeFirmTexts(values: Row): Promise<Row> {
  if (typeof values.insure_notify !== 'string') return values
  return { ...values, insure_notify: sanitizeRichText(values.insure_notify) }
}

/**
 * Insurance companies, with the banks they support (bank_firm) and the counts of their products;
 * the insurance notice stored sanitized.
 */
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
  beforeWrite: sanitizeFirmTexts,
  pageOptions: async (db) => ({ bank_ids: await tableOptions(db, banks) }),
}

export const firmsModule = resourcePlugin(firmsBinding)
