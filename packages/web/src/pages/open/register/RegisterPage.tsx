import { MobileOutlined, UserOutlined } from '@ant-design/icons'
import { ZRegisterInput } from '@brokerdesk/shared/auth'
import { Alert, Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { identityApi } from '../../../api/identity'
import { useDocumentTitle } from '../../../app/use-document-title'
import { AgreementCheckbox } from '../../../components/AgreementCheckbox'
import { AuthCard } from '../../../components/AuthCard/AuthCard'
import { CodeField } from '../../../components/SendCodeButton'
import { NewPasswordFields } from '../../../forms/NewPasswordFields'
import { useSubmission, useZodForm } from '../../../forms/use-zod-form'
import { signIn } from '../../../state/session'

interface RegisterValues {
  uname: string
  password: string
  password_confirmation: string
  mobile_phone: string
  code: string
  agreement?: boolean
}

/**
 * /open/register: account name, password twice, mobile number with an SMS code (sent after the
 * slider captcha, then 60 s before another), and the agreement. A new account is logged in at once.
 */
export default function RegisterPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { form, field, formProps } = useZodForm<RegisterValues>(ZRegisterInput)
  const { submitting, notice, submit } = useSubmission(form)
  useDocumentTitle(t('auth.register.title'))

  const onFinish = async (values: RegisterValues) =>
    submit(async () => {
      const answer = await identityApi.register({
        uname: values.uname.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        mobile_phone: values.mobile_phone.trim(),
        code: values.code.trim(),
        agreement: true,
      })
      signIn(answer)
      navigate('/home/index', { replace: true })
    })

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.have_account')} <Link to="/open/login">{t('auth.register.login')}</Link>
        </>
      }
    >
      <Form<RegisterValues> {...formProps} name="register" onFinish={onFinish}>
        {notice && <Alert className="bd-auth__notice" type="error" showIcon title={notice} />}
        <Form.Item label={t('fields.uname')} extra={t('auth.register.uname_help')} {...field('uname')}>
          <Input
            prefix={<UserOutlined />}
            autoComplete="username"
            placeholder={t('auth.register.uname_placeholder')}
          />
        </Form.Item>
        <NewPasswordFields field={field} label={t('fields.password')} placeholders />
        <Form.Item label={t('fields.mobile_phone')} {...field('mobile_phone')}>
          <Input
            prefix={<MobileOutlined />}
            autoComplete="tel"
            inputMode="tel"
            maxLength={11}
            placeholder={t('auth.register.mobile_placeholder')}
          />
        </Form.Item>
        <CodeField
          htmlFor="register_code"
          item={field('code')}
          form={form}
          target="mobile_phone"
          send={(mobile_phone, captcha) => identityApi.sendRegisterCode({ mobile_phone, captcha })}
        />
        <Form.Item valuePropName="checked" {...field('agreement')}>
          <AgreementCheckbox />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('auth.register.submit')}
        </Button>
      </Form>
    </AuthCard>
  )
}
