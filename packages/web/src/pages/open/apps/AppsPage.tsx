import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons'
import { APP_REVIEW_CODE, type TAppSecretAnswer, type TOwnApp } from '@brokerdesk/shared'
import { Button, Card, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../../app/use-document-title'
import { dayjs } from '../../../i18n/dayjs'
import { notify } from '../../../state/notify'
import { useOwnAppActions, useOwnApps } from './apps-api'
import { SecretModal } from './SecretModal'
import './apps.css'
import { ButtonLink } from '../../../components/ButtonLink'
import { fieldTitle } from '../../../components/resource/option-label'

/** The review's state as the border of a tag in the page's text colour (antd's coloured text misses the contrast). */
const REVIEW_COLOR: Record<number, string> = {
  [APP_REVIEW_CODE.pending]: 'warning',
  [APP_REVIEW_CODE.approved]: 'success',
  [APP_REVIEW_CODE.disabled]: 'error',
}
const REVIEW_NAME: Record<number, string> = { 0: 'pending', 1: 'approved', 2: 'disabled' }

function AppCard({ app, onSecret }: { app: TOwnApp; onSecret: (answer: TAppSecretAnswer) => void }) {
  const { t } = useTranslation()
  const { rotate, remove } = useOwnAppActions()
  const ips = app.allowed_ips.split('\n').filter(Boolean)
  return (
    <Card
      className="bd-apps__card"
      title={
        <Flex gap={8} align="center" wrap>
          <span className="bd-apps__name">{app.name}</span>
          <Tag className={`bd-strong-tag bd-outcome-tag--${REVIEW_COLOR[app.review]}`}>
            {t(`options.apps.review.${REVIEW_NAME[app.review]}`)}
          </Tag>
          {app.status === 0 && <Tag>{t('options.apps.status.off')}</Tag>}
        </Flex>
      }
      actions={[
        <ButtonLink key="edit" to={`/home/apps/${app.id}`} type="link" size="small" icon={<EditOutlined />}>
          {t('menu.update')}
        </ButtonLink>,
        <Popconfirm
          key="rotate"
          title={t('apps.rotate_confirm')}
          onConfirm={async () => onSecret(await rotate.mutateAsync(app.id))}
        >
          <Button type="link" size="small" icon={<KeyOutlined />}>
            {t('apps.rotate')}
          </Button>
        </Popconfirm>,
        <Popconfirm
          key="delete"
          title={t('apps.delete_confirm')}
          onConfirm={async () => {
            await remove.mutateAsync(app.id)
            notify('success', t('apps.deleted'))
          }}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
            {t('menu.delete')}
          </Button>
        </Popconfirm>,
      ]}
    >
      {app.description && <Typography.Paragraph type="secondary">{app.description}</Typography.Paragraph>}
      <dl className="bd-apps__facts">
        <dt>{t('fields.client_id')}</dt>
        <dd>
          <Typography.Text copyable code>
            {app.client_id}
          </Typography.Text>
        </dd>
        <dt>{fieldTitle(t, 'apps', { name: 'role_name', label: 'fields.role_name' })}</dt>
        <dd>{app.role_name || t('apps.no_role')}</dd>
        <dt>{t('fields.allowed_ips')}</dt>
        <dd>{ips.length > 0 ? ips.join(', ') : t('apps.any_ip')}</dd>
        <dt>{t('fields.secret_rotated_at')}</dt>
        <dd>{dayjs(app.secret_rotated_at).format('YYYY-MM-DD HH:mm')}</dd>
      </dl>
    </Card>
  )
}

/**
 * /home/apps: the logged-in user's API client applications, each with its client id, review state
 * and granted role; create one, edit it, rotate its secret (shown once) or delete it.
 */
export default function AppsPage() {
  const { t } = useTranslation()
  const apps = useOwnApps()
  const [secret, setSecret] = useState<TAppSecretAnswer | null>(null)
  useDocumentTitle(t('apps.title'))
  return (
    <div className="bd-apps">
      <section className="bd-apps__panel">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Title level={1} className="bd-apps__title">
            {t('apps.title')}
          </Typography.Title>
          <ButtonLink to="/home/apps/create" type="primary" icon={<PlusOutlined />}>
            {t('apps.create')}
          </ButtonLink>
        </Flex>
        <Typography.Paragraph type="secondary" className="bd-apps__intro">
          {t('apps.intro')}
        </Typography.Paragraph>
        <Typography.Paragraph className="bd-apps__usage">
          <Typography.Text code>POST /api/open/apps/token</Typography.Text>{' '}
          <Typography.Text type="secondary">
            {'{"grant_type":"client_credentials","client_id":…,"client_secret":…}'}
          </Typography.Text>
          <br />
          <Typography.Text code>Authorization: Bearer apt_…</Typography.Text>
        </Typography.Paragraph>
        {apps.isPending ? (
          <Skeleton active />
        ) : (apps.data ?? []).length === 0 ? (
          <Empty description={t('apps.empty')} />
        ) : (
          <div className="bd-apps__grid">
            {(apps.data ?? []).map((app) => (
              <AppCard key={app.id} app={app} onSecret={setSecret} />
            ))}
          </div>
        )}
      </section>
      <SecretModal answer={secret} onClose={() => setSecret(null)} />
    </div>
  )
}
