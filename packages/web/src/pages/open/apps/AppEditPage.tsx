import { APP_ALLOWED_IPS_MAX, type TAppInput, type TAppSecretAnswer, ZAppInput } from '@brokerdesk/shared'
import { Alert, Button, Flex, Form, Input, Skeleton, Switch, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useDocumentTitle } from '../../../app/use-document-title'
import { useSubmission, useZodForm } from '../../../forms/use-zod-form'
import { notify } from '../../../state/notify'
import { ErrorPage } from '../../errors/ErrorPage'
import { useOwnApp, useOwnAppActions } from './apps-api'
import { SecretModal } from './SecretModal'
import './apps.css'
import { ButtonLink } from '../../../components/ButtonLink'
import { fieldTitle } from '../../../components/resource/option-label'

interface AppValues {
  name: string
  description: string
  allowed_ips: string
  status: boolean
}

/**
 * /home/apps/create and /home/apps/{id}: an app's name, description, allowed addresses (addresses or
 * CIDR ranges, one a line) and on/off switch. A new app's secret is shown once, then the list opens.
 */
export default function AppEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const param = useParams().id ?? ''
  const creating = param === 'create'
  const id = /^\d+$/.test(param) ? Number(param) : undefined
  const existing = useOwnApp(id)
  const { create, update } = useOwnAppActions()
  const { form, field, formProps } = useZodForm<AppValues>(ZAppInput.omit({ status: true }))
  const { submitting, notice, submit } = useSubmission(form)
  const [secret, setSecret] = useState<TAppSecretAnswer | null>(null)
  useDocumentTitle(creating ? t('apps.create') : t('apps.edit'))
  // An app's "name" is not a person's: the apps' own label where it has one.
  const label = (name: keyof AppValues) => fieldTitle(t, 'apps', { name, label: `fields.${name}` })

  useEffect(() => {
    if (existing.data) form.setFieldsValue({ ...existing.data, status: existing.data.status === 1 })
  }, [existing.data, form])

  if (!creating && (id === undefined || existing.isError)) return <ErrorPage kind="not-found" />

  const save = (values: AppValues) =>
    submit(async () => {
      const input: TAppInput = {
        name: values.name,
        description: values.description ?? '',
        allowed_ips: values.allowed_ips ?? '',
        status: values.status === false ? 0 : 1,
      }
      if (creating) {
        setSecret(await create.mutateAsync(input))
      } else if (id !== undefined) {
        await update.mutateAsync({ id, input })
        notify('success', t('apps.saved'))
        navigate('/home/apps')
      }
    })

  return (
    <div className="bd-apps">
      <section className="bd-apps__panel bd-apps__panel--form">
        <Typography.Title level={1} className="bd-apps__title">
          {creating ? t('apps.create') : t('apps.edit')}
        </Typography.Title>
        {!creating && existing.isPending ? (
          <Skeleton active />
        ) : (
          <Form<AppValues>
            {...formProps}
            name="app"
            onFinish={save}
            initialValues={{ name: '', description: '', allowed_ips: '', status: true }}
          >
            {notice && <Alert type="error" showIcon title={notice} style={{ marginBottom: 16 }} />}
            {creating && (
              <Alert type="info" showIcon title={t('apps.review_note')} style={{ marginBottom: 16 }} />
            )}
            <Form.Item label={label('name')} {...field('name', { label: label('name') })}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              label={label('description')}
              {...field('description', { label: label('description') })}
            >
              <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            <Form.Item
              label={label('allowed_ips')}
              extra={t('apps.allowed_ips_help', { max: APP_ALLOWED_IPS_MAX })}
              {...field('allowed_ips')}
            >
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 10 }}
                placeholder={'203.0.113.7\n10.0.0.0/8'}
              />
            </Form.Item>
            <Form.Item label={label('status')} name="status" valuePropName="checked">
              <Switch
                checkedChildren={t('options.apps.status.on')}
                unCheckedChildren={t('options.apps.status.off')}
              />
            </Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('apps.save')}
              </Button>
              <ButtonLink to="/home/apps">{t('apps.back')}</ButtonLink>
            </Flex>
          </Form>
        )}
      </section>
      <SecretModal
        answer={secret}
        onClose={() => {
          setSecret(null)
          navigate('/home/apps')
        }}
      />
    </div>
  )
}
