import { CloseOutlined, PauseOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { Button, Progress, Space, Tooltip } from 'antd'
import type { ReactNode } from 'react'
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
        className="bd-transfer-ring"
        type="circle"
        size={28}
        percent={task.download_progress}
        status={task.pauseing ? 'normal' : 'active'}
        showInfo={false}
        aria-label={label}
      />
      <span className="bd-transfer-percent">{`${Math.floor(task.download_progress)}%`}</span>
      {task.pauseing ? (
        <TaskButton label={t('actions.resume')} icon={<PlayCircleOutlined />} onClick={resumeTask} />
      ) : (
        <TaskButton label={t('actions.pause')} icon={<PauseOutlined />} onClick={pauseTask} />
      )}
      <TaskButton label={t('actions.cancel')} icon={<CloseOutlined />} onClick={cancelTask} />
    </Space>
  )
}

/** A small icon button of the running task, named by its tooltip's text. */
function TaskButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button size="small" type="text" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  )
}
