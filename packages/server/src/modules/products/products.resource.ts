import { productResource } from '@brokerdesk/shared'
import { classifys, firms, pclassifys, products, productYear, years } from '../../db/schema/index'
import { tableOptions, treeOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { checkProductClassifys } from './check-product-classifys'
import { productPageColumns } from './product-page-columns'

/** Insurance products: company, classifications, group and payment periods (product_year). */
export const productsBinding: ResourceBinding = {
  definition: productResource,
  table: products,
  references: {
    firm_id: { table: firms },
    classify_id: { table: classifys },
    classify2_id: { table: classifys },
    pclassify_id: { table: pclassifys },
  },
  links: {
    year_ids: {
      table: productYear,
      ownerColumn: productYear.product_id,
      targetColumn: productYear.year_id,
      targetTable: years,
    },
  },
  uniqueIndexes: { products_uid_unique: 'uid' },
  bigramColumns: ['name', 'uid', 'no', 'company_no'],
  pageColumns: productPageColumns,
  beforeWrite: checkProductClassifys,
  pageOptions: async (db) => {
    const [firmOptions, classifyTree, pclassifyTree, yearOptions] = await Promise.all([
      tableOptions(db, firms),
      treeOptions(db, classifys),
      treeOptions(db, pclassifys),
      tableOptions(db, years),
    ])
    return {
      firm_id: firmOptions,
      classify_id: classifyTree,
      classify2_id: classifyTree,
      pclassify_id: pclassifyTree,
      year_ids: yearOptions,
    }
  },
}

export const productsModule = resourcePlugin(productsBinding)
