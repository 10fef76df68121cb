import {
  CloseOutlined,
  DownloadOutlined,
  PauseOutlined,
  PlayCircleOutlined,
  UploadOutlined,
} from '@ant-design/icons'
import { Button, Progress, Space, Tooltip, Upload } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { Params } from '../../../api/http'
import { restoreJob, startExport, startImport } from './jobs'
import { cancelTask, pauseTask, restoreTask, resumeTask, useTask } from './task-store'

export interface TransferButtonsProps {
  resource: string
  canExport: boolean
  canImport: boolean
  /** The list's current filters and sort: the export follows them. */
  params: Params
  keys: readonly string[]
  onImported?: () => void
}

/** Export / import buttons of a list, and the progress of the running task with pause, resume and cancel. */
export function TransferButtons({
  resource,
  canExport,
  canImport,
  params,
  keys,
  onImported,
}: TransferButtonsProps) {
  const { t } = useTranslation()
  const task = useTask()
  // A task a reload interrupted comes back paused, to be resumed or cancelled.
  useEffect(() => {
    void restoreTask(restoreJob)
  }, [])
  const url = `/admin/${resource}`
  return (
    <Space wrap>
      {canExport && (
        <Button
          icon={<DownloadOutlined />}
          onClick={() => startExport({ url: `${url}/excel`, params, name: resource, keys })}
        >
          {t('actions.export')}
        </Button>
      )}
      {canImport && (
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void startImport(file, { url: `${url}/import`, name: resource, keys, onDone: onImported })
            return Upload.LIST_IGNORE
          }}
        >
          <Button icon={<UploadOutlined />}>{t('actions.import')}</Button>
        </Upload>
      )}
      {task.downloading && (
        <Space size={4} aria-live="polite">
          <Progress
            type="circle"
            size={28}
            percent={task.download_progress}
            status={task.pauseing ? 'exception' : 'active'}
            aria-label={t(task.model === 1 ? 'actions.import' : 'actions.export')}
          />
          {task.pauseing ? (
            <Tooltip title={t('actions.resume')}>
              <Button
                size="small"
                type="text"
                icon={<PlayCircleOutlined />}
                aria-label={t('actions.resume')}
                onClick={resumeTask}
              />
            </Tooltip>
          ) : (
            <Tooltip title={t('actions.pause')}>
              <Button
                size="small"
                type="text"
                icon={<PauseOutlined />}
                aria-label={t('actions.pause')}
                onClick={pauseTask}
              />
            </Tooltip>
          )}
          <Tooltip title={t('actions.cancel')}>
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('actions.cancel')}
              onClick={cancelTask}
            />
          </Tooltip>
        </Space>
      )}
    </Space>
  )
}
