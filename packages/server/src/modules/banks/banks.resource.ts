import { bankResource } from '@brokerdesk/shared'
import { banks } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { countBankFirms } from './count-bank-firms'

export const banksBinding: ResourceBinding = {
  definition: bankResource,
  table: banks,
  enrich: countBankFirms,
}

export const banksModule = resourcePlugin(banksBinding)
