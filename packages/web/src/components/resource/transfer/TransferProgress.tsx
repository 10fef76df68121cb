import { CloseOutlined, PauseOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { Button, Progress, Space, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { cancelTask, pauseTask, resumeTask, type TaskState } from './task-store'

/** The running export or import: its ring, and pause / resume and cancel. */
export default function TransferProgress({ task }: { task: TaskState }) {
  const { t } = useTranslation()
  const label = t(task.model === 1 ? 'actions.import' : 'actions.export')
  return (
    <Space size={4} aria-live="polite">
      {/* A paused task is not a failed one: the ring stays in the normal colour, the number beside it. */}
      <Progress
        type="circle"
        size={28}
        percent={task.download_progress}
        status={task.pauseing ? 'normal' : 'active'}
        showInfo={false}
        aria-label={label}
      />
      <span className="bd-transfer-percent">{`${Math.floor(task.download_progress)}%`}</span>
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
  )
}
