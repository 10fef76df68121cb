import { DownloadOutlined, PieChartOutlined } from '@ant-design/icons'
import type { UploadUse } from '@brokerdesk/shared'
import { Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyPart } from '../../../app/lazy-part'
import { useHeldRoutes } from '../../../app/permissions'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import type { Row } from '../../../components/resource/resource-api'
import { formatSize } from '../file-log/file-log-api'
import { UploadUsageDrawer } from './UploadUsageDrawer'
import { UploadUses } from './UploadUses'
import { USAGE_URL } from './uploads-api'

const ImageCell = lazyPart(
  () => import('../../../components/resource/ImageCell'),
  () => <span className="bd-image-cell" />,
)

/** A file's preview: a picture inline (larger on a click), a document as a download. */
function FilePreview({ row }: { row: Row }) {
  const { t } = useTranslation()
  const url = String(row.url)
  const label = `${t('fields.preview')}: ${String(row.name)}`
  if (String(row.mime).startsWith('image/')) {
    return <ImageCell src={url} label={label} />
  }
  // Private documents are served only to those upload-access allows; the link carries the session.
  return (
    <Button type="link" size="small" href={url} download={String(row.name)} icon={<DownloadOutlined />}>
      {t('file_manager.download')}
    </Button>
  )
}

/**
 * The file manager: every stored file in the caller's scope with its preview, owner, kind, size,
 * store and the records using it; deleting a file in use is refused by the server. Beside the list,
 * each owner's quota and usage.
 */
export default function UploadList(props: ResourcePageProps) {
  const { t, i18n } = useTranslation()
  const can = useHeldRoutes()
  const [usageOpen, setUsageOpen] = useState(false)
  return (
    <>
      <ResourceListPage
        {...props}
        cells={{
          url: (_, row) => <FilePreview row={row} />,
          size: (value) => formatSize(Number(value), i18n.language),
          used_by: (value, row) => <UploadUses uses={(value as UploadUse[]) ?? []} used={Number(row.used)} />,
        }}
        toolbar={
          can(USAGE_URL, 'GET') && (
            <Button icon={<PieChartOutlined />} onClick={() => setUsageOpen(true)}>
              {t('file_manager.usage')}
            </Button>
          )
        }
      />
      <UploadUsageDrawer open={usageOpen} onClose={() => setUsageOpen(false)} />
    </>
  )
}
