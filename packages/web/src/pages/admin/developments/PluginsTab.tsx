import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons'
import type { PluginSummary } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Flex, Modal, Space, Table, type TableProps, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { HttpError } from '../../../api/http'
import { PLUGIN_TEXTS_KEY } from '../../../app/plugin-texts'
import { QueryState } from '../../../components/resource/ResourcePage'
import { notify } from '../../../state/notify'
import { installPlugin, PLUGINS_KEY, uninstallPlugin, usePlugins } from './developments-api'

function StatusTag({ plugin }: { plugin: PluginSummary }) {
  const { t } = useTranslation()
  if (plugin.installed_version) return <Tag color="success">{t('developments.plugins.installed')}</Tag>
  if (plugin.data_kept) return <Tag color="warning">{t('developments.plugins.data_kept')}</Tag>
  if (plugin.error) return <Tag color="error">{t('developments.plugins.unusable')}</Tag>
  return <Tag>{t('developments.plugins.not_installed')}</Tag>
}

/** The uninstall question: the data stays unless the box is ticked. */
function UninstallQuestion({ name, onDropData }: { name: string; onDropData: (drop: boolean) => void }) {
  const { t } = useTranslation()
  const [drop, setDrop] = useState(false)
  return (
    <Space direction="vertical">
      <Typography.Text>{t('developments.plugins.confirm_uninstall', { name })}</Typography.Text>
      <Checkbox
        checked={drop}
        onChange={(event) => {
          setDrop(event.target.checked)
          onDropData(event.target.checked)
        }}
      >
        <Typography.Text type={drop ? 'danger' : undefined}>
          {t('developments.plugins.drop_data')}
        </Typography.Text>
      </Checkbox>
    </Space>
  )
}

type PluginAction = 'install' | 'uninstall' | 'drop'

/** Uninstall for an installed plug-in; install, and drop what an earlier install left, for another. */
function PluginActions({
  plugin,
  busy,
  canInstall,
  canUninstall,
  onAct,
}: {
  plugin: PluginSummary
  busy: boolean
  canInstall: boolean
  canUninstall: boolean
  onAct: (action: PluginAction) => void
}) {
  const { t } = useTranslation()
  return plugin.installed_version ? (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={busy}
      disabled={!canUninstall}
      onClick={() => onAct('uninstall')}
    >
      {t('developments.plugins.uninstall')}
    </Button>
  ) : (
    <Space>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={busy}
        disabled={!canInstall || Boolean(plugin.error) || !plugin.version}
        onClick={() => onAct('install')}
      >
        {t('developments.plugins.install')}
      </Button>
      {plugin.data_kept && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!canUninstall || busy}
          onClick={() => onAct('drop')}
        >
          {t('developments.plugins.drop_data_action')}
        </Button>
      )}
    </Space>
  )
}

/**
 * Installing, uninstalling and dropping a plug-in's kept data, each asked first where data could be
 * lost; the lists and the texts that depend on plug-ins are read again after.
 */
function usePluginActions() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [modal, modalHolder] = Modal.useModal()
  const [busy, setBusy] = useState<string>()

  /** Asks before an uninstall (whether to drop the data too) or dropping kept data; null: not confirmed. */
  const ask = async (plugin: PluginSummary, action: PluginAction): Promise<boolean | null> => {
    if (action === 'install') return false
    if (action === 'drop') {
      const confirmed = await modal.confirm({
        title: t('developments.plugins.confirm_drop', { name: plugin.title }),
        okButtonProps: { danger: true },
        okText: t('developments.plugins.drop_data_action'),
      })
      return confirmed ? true : null
    }
    let dropData = false
    const confirmed = await modal.confirm({
      title: t('developments.plugins.uninstall'),
      content: <UninstallQuestion name={plugin.title} onDropData={(drop) => (dropData = drop)} />,
      okButtonProps: { danger: true },
      okText: t('developments.plugins.uninstall'),
    })
    return confirmed ? dropData : null
  }

  const act = async (plugin: PluginSummary, action: PluginAction) => {
    const dropData = await ask(plugin, action)
    if (dropData === null) return
    setBusy(plugin.name)
    try {
      await (action === 'install' ? installPlugin(plugin.name) : uninstallPlugin(plugin.name, dropData))
      const done = {
        install: 'developments.plugins.install',
        uninstall: 'developments.plugins.uninstall',
        drop: 'developments.plugins.drop_data_action',
      }[action]
      notify('success', t('messages.success', { action: t(done) }))
      await Promise.all(
        [PLUGINS_KEY, ['menus'], PLUGIN_TEXTS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      )
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        notify('danger', Object.values(error.errors).flat()[0] ?? error.message)
      }
    } finally {
      setBusy(undefined)
    }
  }

  return { act, busy, modalHolder }
}

/**
 * The plug-ins found at start and those installed, with installing and uninstalling (local only):
 * an uninstall keeps the plug-in's tables unless the user asks to drop them.
 */
export function PluginsTab({ canInstall, canUninstall }: { canInstall: boolean; canUninstall: boolean }) {
  const { t } = useTranslation()
  const plugins = usePlugins()
  const { act, busy, modalHolder } = usePluginActions()

  const columns: TableProps<PluginSummary>['columns'] = [
    {
      key: 'title',
      title: t('developments.plugins.plugin'),
      width: '40%',
      render: (_, plugin) => (
        <Flex vertical gap={2} className="bd-plugin">
          <Typography.Text strong>
            {plugin.title} <Typography.Text code>{plugin.name}</Typography.Text>
          </Typography.Text>
          {plugin.description && <Typography.Text type="secondary">{plugin.description}</Typography.Text>}
          {plugin.error && <Typography.Text type="danger">{plugin.error}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'version',
      className: 'bd-plugin__nowrap',
      title: t('developments.plugins.version'),
      render: (_, plugin) => plugin.installed_version ?? plugin.version,
    },
    {
      key: 'source',
      className: 'bd-plugin__nowrap',
      title: t('developments.plugins.source'),
      render: (_, plugin) =>
        plugin.source ? t(`developments.plugins.sources.${plugin.source}`) : t('messages.missing_value'),
    },
    {
      key: 'status',
      className: 'bd-plugin__nowrap',
      title: t('developments.plugins.status'),
      render: (_, plugin) => <StatusTag plugin={plugin} />,
    },
    {
      key: 'pages',
      title: t('developments.plugins.pages'),
      render: (_, plugin) =>
        plugin.pages.map((page) =>
          plugin.installed_version ? (
            <Link key={page} to={`/admin/${page}`}>
              <Tag color="processing">/admin/{page}</Tag>
            </Link>
          ) : (
            <Tag key={page}>/admin/{page}</Tag>
          ),
        ),
    },
    {
      key: 'actions',
      title: t('actions.operate'),
      render: (_, plugin) => (
        <PluginActions
          plugin={plugin}
          busy={busy === plugin.name}
          canInstall={canInstall}
          canUninstall={canUninstall}
          onAct={(action) => act(plugin, action)}
        />
      ),
    },
  ]

  if (!plugins.data) return <QueryState error={plugins.error} loading={plugins.isPending} />
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('developments.plugins.hint')}
      </Typography.Paragraph>
      {!canInstall && !canUninstall && <Alert type="warning" showIcon title={t('developments.local_only')} />}
      <Table<PluginSummary>
        rowKey="name"
        columns={columns}
        dataSource={plugins.data}
        pagination={false}
        scroll={{ x: 820 }}
        tableLayout="auto"
        locale={{ emptyText: t('developments.plugins.none') }}
      />
      {modalHolder}
    </Flex>
  )
}
