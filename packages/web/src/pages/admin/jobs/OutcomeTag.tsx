import type { JobOutcome } from '@brokerdesk/shared'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const COLOR: Record<JobOutcome, string> = { running: 'processing', succeeded: 'success', failed: 'error' }

/** A run's outcome as a coloured tag. */
export function OutcomeTag({ outcome }: { outcome: JobOutcome }) {
  const { t } = useTranslation()
  // Text in the page's colour, the outcome's colour as the border: antd's coloured tags are below the
  // contrast a text needs (axe, WCAG AA).
  return (
    <Tag className={`bd-strong-tag bd-outcome-tag--${COLOR[outcome]}`}>{t(`jobs.outcome.${outcome}`)}</Tag>
  )
}
