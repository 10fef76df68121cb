import { UPLOAD_USES_SHOWN, type UploadUse } from '@brokerdesk/shared'
import { Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { fieldTitle } from '../../../components/resource/option-label'
import { useMenuName } from '../../../i18n/menu-label'

/** One record using a file: its name linking to it, and its resource and field. */
function UseLink({ use }: { use: UploadUse }) {
  const { t } = useTranslation()
  const resource = useMenuName(`/admin/${use.resource}`) || use.resource
  const field = fieldTitle(t, use.resource, { name: use.field, label: `fields.${use.field}` })
  return (
    <span>
      {/* Underlined: beside the secondary text, colour alone would not tell it is a link. */}
      <Link to={`/admin/${use.resource}/${use.id}`} style={{ textDecoration: 'underline' }}>
        {use.name || `#${use.id}`}
      </Link>{' '}
      <Typography.Text type="secondary">
        {resource} · {field}
      </Typography.Text>
    </span>
  )
}

/** Where a file is used: the records (at most UPLOAD_USES_SHOWN, "and more" beyond), or "not used". */
export function UploadUses({ uses, used }: { uses: UploadUse[]; used: number }) {
  const { t } = useTranslation()
  if (used === 0) return <Tag>{t('file_manager.unused')}</Tag>
  return (
    <Flex vertical gap={2}>
      {uses.map((use) => (
        <UseLink key={`${use.resource}-${use.field}-${use.id}`} use={use} />
      ))}
      {used > UPLOAD_USES_SHOWN && (
        <Typography.Text type="secondary">
          {t('file_manager.more', { count: UPLOAD_USES_SHOWN })}
        </Typography.Text>
      )}
    </Flex>
  )
}
