import { CloseOutlined, PauseOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { Button, Progress, Space, Tooltip } from 'antd'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { cancelTask, pauseTask, resumeTask, useTask } from './task-store'

/** The running export or import: its ring, and pause / resume and cancel. */
export default function TransferProgress() {
  const { t } = useTranslation()
  const task = useTask()
  const paused = task.pauseing
  const label = t(task.model === 1 ? 'actions.import' : 'actions.export')
  // The same elements while the task only moves: React leaves the buttons as they are.
  const buttons = useMemo(
    () => [
      paused ? (
        <TaskButton
          key="resume"
          label={t('actions.resume')}
          icon={<PlayCircleOutlined />}
          onClick={resumeTask}
        />
      ) : (
        <TaskButton key="pause" label={t('actions.pause')} icon={<PauseOutlined />} onClick={pauseTask} />
      ),
      <TaskButton key="cancel" label={t('actions.cancel')} icon={<CloseOutlined />} onClick={cancelTask} />,
    ],
    [paused, t],
  )
  return (
    <Space size={4} aria-live="polite">
      {/* A paused task is not a failed one: the ring stays in the normal colour, the number beside it. */}
      <Progress
        className="bd-transfer-ring"
        type="circle"
        size={28}
        percent={task.download_progress}
        status={paused ? 'normal' : 'active'}
        showInfo={false}
        aria-label={label}
      />
      <span className="bd-transfer-percent">{`${Math.floor(task.download_progress)}%`}</span>
      {buttons}
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
