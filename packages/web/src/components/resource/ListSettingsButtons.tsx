import { SettingOutlined, StarOutlined } from '@ant-design/icons'
import type { ResourcePageData } from '@brokerdesk/shared'
import { Button, Popover, Spin } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyPart } from '../../app/lazy-part'

const panels = () => import('./ListSettingsPanels')
const ColumnSettingsPanel = lazyPart(
  () => panels().then((module) => ({ default: module.ColumnSettingsPanel })),
  () => <Spin size="small" />,
  'ListSettingsPanels',
)
const SavedViewsPanel = lazyPart(
  () => panels().then((module) => ({ default: module.SavedViewsPanel })),
  () => <Spin size="small" />,
  'ListSettingsPanels',
)

interface Props {
  page: ResourcePageData
}

/** The column settings of a list: shown or not, order, width, row density; the user's own, kept on the server. */
export function ColumnSettingsButton({ page }: Props) {
  const { t } = useTranslation()
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('list.columns')}
      content={<ColumnSettingsPanel page={page} />}
    >
      {/* a pointer on the button starts loading the panel */}
      <Button icon={<SettingOutlined />} onPointerEnter={() => void panels()}>
        {t('list.columns')}
      </Button>
    </Popover>
  )
}

/** The user's saved filters of a list ("views"): open one, save the list as it is, delete one. */
export function SavedViewsButton({
  page,
  search,
  onOpen,
}: Props & { search: string; onOpen: (search: string) => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('list.views')}
      content={
        <SavedViewsPanel
          page={page}
          search={search}
          onOpen={(next) => {
            setOpen(false)
            onOpen(next)
          }}
        />
      }
      open={open}
      onOpenChange={setOpen}
    >
      <Button icon={<StarOutlined />} onPointerEnter={() => void panels()}>
        {t('list.views')}
      </Button>
    </Popover>
  )
}
