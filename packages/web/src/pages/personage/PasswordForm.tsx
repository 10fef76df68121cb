import { LockOutlined } from '@ant-design/icons'
import { ZChangePasswordInput } from '@brokerdesk/shared/auth'
import { Alert, Button, Card, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isAdmin, SECURITY_STEP_PAGES } from '../../api/types'
import { NewPasswordFields } from '../../forms/NewPasswordFields'
import { showServerErrors, useZodForm } from '../../forms/use-zod-form'
import { fetchUser, useSession } from '../../state/session'
import { type PersonageArea, personageApi } from './personage-api'
import './personage.css'

interface PasswordValues {
  old_password: string
  password: string
  password_confirmation: string
}

/**
 * Changes the logged-in user's password (PUT /{area}/personage/password): the old one, the new one
 * twice. Other devices logged in to the account are logged out; this one stays. A password the policy
 * says has expired is changed here first: the user then goes on to their area's home.
 */
export function PasswordForm({ area }: { area: PersonageArea }) {
  const { t } = useTranslation()
  const { form, field, formProps } = useZodForm<PasswordValues>(ZChangePasswordInput)
  const [saving, setSaving] = useState(false)
  const { user } = useSession()
  const navigate = useNavigate()
  const expired = user.security_step === 'password'

  const onFinish = async (values: PasswordValues) => {
    setSaving(true)
    try {
      await personageApi.changePassword(area, values)
      form.resetFields()
      if (expired) {
        const { user: after } = await fetchUser(true)
        const next = after.security_step
          ? SECURITY_STEP_PAGES[after.security_step]
          : isAdmin(after)
            ? '/admin/index'
            : '/home/index'
        navigate(next, { replace: true })
      }
    } catch (error) {
      showServerErrors(form, error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card
      className="bd-personage bd-personage--narrow"
      title={<h1 className="bd-personage__title">{t('personage.password_title')}</h1>}
    >
      {expired && (
        <Alert
          className="bd-security__notice"
          type="warning"
          showIcon
          title={t('personage.password_expired')}
        />
      )}
      <p className="bd-personage__intro">{t('personage.password_intro')}</p>
      <Form<PasswordValues> {...formProps} name={`password-${area}`} onFinish={onFinish}>
        <Form.Item label={t('fields.old_password')} {...field('old_password')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          field={field}
          label={t('fields.new_password')}
          extra={t('personage.password_help')}
        />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('personage.password_submit')}
        </Button>
      </Form>
    </Card>
  )
}
