import dayjs from 'dayjs'
import { useState } from 'react'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { logMenuLabel } from './log-menu-label'

/** The operation log: opens on today's entries (the date filter can be cleared), menu items translated. */
export default function LogList(props: ResourcePageProps) {
  const [today] = useState(() => ({ created_at: [dayjs().startOf('day'), dayjs().startOf('day')] }))
  return (
    <ResourceListPage
      {...props}
      initialFilters={today}
      cells={{ menu_name: (_, row) => logMenuLabel(row) }}
    />
  )
}
