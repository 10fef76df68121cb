import type { JobOutcome } from '@brokerdesk/shared'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const COLOR: Record<JobOutcome, string> = { running: 'processing', succeeded: 'success', failed: 'error' }

/** A run's outcome as a coloured tag. */
export function OutcomeTag({ outcome }: { outcome: JobOutcome }) {
  const { t } = useTranslation()
  return <Tag color={COLOR[outcome]}>{t(`jobs.outcome.${outcome}`)}</Tag>
}
