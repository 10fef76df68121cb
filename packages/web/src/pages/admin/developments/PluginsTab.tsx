import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons'
import type { PluginSummary } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Flex, Popconfirm, Table, type TableProps, Tag, Typography } from 'antd'
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
  if (plugin.error) return <Tag color="error">{t('developments.plugins.unusable')}</Tag>
  return <Tag>{t('developments.plugins.not_installed')}</Tag>
}

/** The plug-ins found at start and those installed, with installing and uninstalling. */
export function PluginsTab({ canInstall, canUninstall }: { canInstall: boolean; canUninstall: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const plugins = usePlugins()
  const [busy, setBusy] = useState<string>()

  const act = async (plugin: PluginSummary, install: boolean) => {
    setBusy(plugin.name)
    try {
      await (install ? installPlugin(plugin.name) : uninstallPlugin(plugin.name))
      notify(
        'success',
        t('messages.success', {
          action: t(install ? 'developments.plugins.install' : 'developments.plugins.uninstall'),
        }),
      )
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
      title: t('developments.plugins.version'),
      render: (_, plugin) => plugin.installed_version ?? plugin.version,
    },
    {
      key: 'source',
      title: t('developments.plugins.source'),
      render: (_, plugin) =>
        plugin.source ? t(`developments.plugins.sources.${plugin.source}`) : t('messages.missing_value'),
    },
    {
      key: 'status',
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
      render: (_, plugin) =>
        plugin.installed_version ? (
          <Popconfirm
            title={t('developments.plugins.confirm_uninstall', { name: plugin.title })}
            onConfirm={() => act(plugin, false)}
            disabled={!canUninstall}
          >
            <Button danger icon={<DeleteOutlined />} loading={busy === plugin.name} disabled={!canUninstall}>
              {t('developments.plugins.uninstall')}
            </Button>
          </Popconfirm>
        ) : (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={busy === plugin.name}
            disabled={!canInstall || Boolean(plugin.error)}
            onClick={() => act(plugin, true)}
          >
            {t('developments.plugins.install')}
          </Button>
        ),
    },
  ]

  if (!plugins.data) return <QueryState error={plugins.error} loading={plugins.isPending} />
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('developments.plugins.hint')}
      </Typography.Paragraph>
      <Table<PluginSummary>
        rowKey="name"
        columns={columns}
        dataSource={plugins.data}
        pagination={false}
        scroll={{ x: 820 }}
        tableLayout="auto"
        locale={{ emptyText: t('developments.plugins.none') }}
      />
    </Flex>
  )
}
