import { ZOtherLoginCreateInput } from '@brokerdesk/shared/auth'
import { Alert, Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { identityApi } from '../../../api/identity'
import type { UserAnswer } from '../../../api/types'
import { AgreementCheckbox } from '../../../components/AgreementCheckbox'
import { useSubmission, useZodForm } from '../../../forms/use-zod-form'

interface CreateValues {
  uname: string
  password: string
  password_confirmation: string
  agreement?: boolean
}

/** Creates a new account for the third-party identity and logs in with it. */
export function BindCreateForm({
  ticket,
  suggestedUname,
  onLoggedIn,
}: {
  ticket: string
  suggestedUname: string
  onLoggedIn: (answer: UserAnswer) => void
}) {
  const { t } = useTranslation()
  const { form, field, formProps } = useZodForm<CreateValues>(ZOtherLoginCreateInput)
  const { submitting, notice, submit } = useSubmission(form)

  const onFinish = async (values: CreateValues) =>
    submit(async () => {
      onLoggedIn(
        await identityApi.createFromBinding({
          ticket,
          uname: values.uname.trim(),
          password: values.password,
          password_confirmation: values.password_confirmation,
          agreement: true,
        }),
      )
    })

  return (
    <Form<CreateValues>
      {...formProps}
      name="bind-create"
      onFinish={onFinish}
      initialValues={{ uname: suggestedUname }}
    >
      {notice && <Alert className="bd-auth__notice" type="error" showIcon title={notice} />}
      <Form.Item label={t('fields.uname')} extra={t('auth.register.uname_help')} {...field('uname')}>
        <Input autoComplete="username" placeholder={t('auth.register.uname_placeholder')} />
      </Form.Item>
      <Form.Item label={t('fields.password')} {...field('password')}>
        <Input.Password autoComplete="new-password" placeholder={t('auth.register.password_placeholder')} />
      </Form.Item>
      <Form.Item label={t('fields.password_confirmation')} {...field('password_confirmation')}>
        <Input.Password autoComplete="new-password" placeholder={t('auth.register.confirm_placeholder')} />
      </Form.Item>
      <Form.Item valuePropName="checked" {...field('agreement')}>
        <AgreementCheckbox />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('auth.bind.create_submit')}
      </Button>
    </Form>
  )
}
