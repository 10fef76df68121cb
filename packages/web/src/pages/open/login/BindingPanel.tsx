import { LinkOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Avatar, Button, Result, Skeleton, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { identityApi } from '../../../api/identity'
import type { UserAnswer } from '../../../api/types'
import { BindCreateForm } from './BindCreateForm'
import { LoginForm } from './LoginForm'

/**
 * The binding screen after a third-party login of an identity no account uses yet: the provider's
 * profile, then "create a new account" or "bind an existing account".
 */
export function BindingPanel({
  ticket,
  onLoggedIn,
}: {
  ticket: string
  onLoggedIn: (answer: UserAnswer) => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const binding = useQuery({
    queryKey: ['other-login-binding', ticket],
    queryFn: () => identityApi.bindingInfo(ticket),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

  if (binding.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />
  if (binding.isError) {
    return (
      <Result
        status="warning"
        title={t('auth.bind.expired_title')}
        subTitle={t('auth.bind.expired')}
        extra={
          <Button type="primary" onClick={() => navigate('/open/login', { replace: true })}>
            {t('auth.bind.back')}
          </Button>
        }
      />
    )
  }

  const { label, profile, suggested_uname } = binding.data
  const name = profile.nickname || profile.name || profile.email
  return (
    <div className="bd-binding">
      <div className="bd-binding__profile">
        <Avatar size={56} src={profile.avatar || undefined} icon={<UserOutlined />} alt="" />
        <div className="bd-binding__who">
          <strong>{name || t('auth.bind.unnamed')}</strong>
          {profile.email && profile.email !== name && <span>{profile.email}</span>}
          <span className="bd-binding__via">{t('auth.bind.via', { provider: label })}</span>
        </div>
      </div>
      <p className="bd-binding__intro">{t('auth.bind.intro', { provider: label })}</p>
      <Tabs
        items={[
          {
            key: 'create',
            label: t('auth.bind.create_tab'),
            icon: <UserAddOutlined />,
            children: (
              <BindCreateForm ticket={ticket} suggestedUname={suggested_uname} onLoggedIn={onLoggedIn} />
            ),
          },
          {
            key: 'bind',
            label: t('auth.bind.bind_tab'),
            icon: <LinkOutlined />,
            children: (
              <LoginForm
                name="bind-existing"
                submit={({ username, password, captcha, totp }) =>
                  identityApi.bindExisting({
                    ticket,
                    username,
                    password,
                    ...(captcha ? { captcha } : {}),
                    ...(totp ? { totp } : {}),
                  })
                }
                onLoggedIn={onLoggedIn}
                submitText={t('auth.bind.bind_submit')}
              />
            ),
          },
        ]}
      />
      <div className="bd-auth__footer">
        <Link to="/open/login">{t('auth.bind.back')}</Link>
      </div>
    </div>
  )
}
