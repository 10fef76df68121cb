import { MailOutlined, MessageOutlined } from '@ant-design/icons'
import { Result, Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../../app/use-document-title'
import { AuthCard } from '../../../components/AuthCard/AuthCard'
import { ButtonLink } from '../../../components/ButtonLink'
import { ResetPasswordForm } from './ResetPasswordForm'

/** /open/password: reset a forgotten password with a code sent by e-mail or by SMS. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [done, setDone] = useState(false)
  useDocumentTitle(t('auth.forgot.title'))

  if (done) {
    return (
      <AuthCard title={t('auth.forgot.title')}>
        <Result
          status="success"
          title={t('auth.forgot.done_title')}
          subTitle={t('auth.forgot.done_text')}
          extra={
            <ButtonLink type="primary" size="large" to="/open/login">
              {t('auth.forgot.login')}
            </ButtonLink>
          }
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <>
          {t('auth.forgot.remembered')} <Link to="/open/login">{t('auth.forgot.login')}</Link>
        </>
      }
    >
      <Tabs
        items={[
          {
            key: 'email',
            label: t('auth.forgot.by_email'),
            icon: <MailOutlined />,
            children: <ResetPasswordForm channel="email" onDone={() => setDone(true)} />,
          },
          {
            key: 'sms',
            label: t('auth.forgot.by_sms'),
            icon: <MessageOutlined />,
            children: <ResetPasswordForm channel="sms" onDone={() => setDone(true)} />,
          },
        ]}
      />
    </AuthCard>
  )
}
