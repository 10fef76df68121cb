import { useState } from 'react'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { dayjs } from '../../../i18n/dayjs'
import { LogChainButton } from './LogChainButton'

/** The operation log: opens on today's entries (the date filter can be cleared); its chain and signed report. */
export default function LogList(props: ResourcePageProps) {
  const [today] = useState(() => ({ created_at: [dayjs().startOf('day'), dayjs().startOf('day')] }))
  return <ResourceListPage {...props} initialFilters={today} toolbar={<LogChainButton />} />
}
