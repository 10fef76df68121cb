import {
  ApiOutlined,
  GithubOutlined,
  GoogleOutlined,
  QqOutlined,
  WechatOutlined,
  WeiboOutlined,
} from '@ant-design/icons'
import { Button } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { OtherLoginProvider } from '../../../api/identity'
import { goToUrl } from '../../../api/navigation'
import { safeRedirect } from './landing'

const ICONS: Record<string, ReactNode> = {
  qq: <QqOutlined />,
  weixin: <WechatOutlined />,
  wechat: <WechatOutlined />,
  weibo: <WeiboOutlined />,
  github: <GithubOutlined />,
  google: <GoogleOutlined />,
}

/** The address that starts a provider's login, asking to come back to `redirect`. */
export function otherLoginUrl(provider: OtherLoginProvider, redirect: string | null): string {
  const back = safeRedirect(redirect)
  return back ? `${provider.url}?redirect=${encodeURIComponent(back)}` : provider.url
}

/** "Or log in with" and a button per provider, each leading to the provider's login. */
export function ProviderButtons({
  providers,
  redirect,
}: {
  providers: OtherLoginProvider[]
  redirect: string | null
}) {
  const { t } = useTranslation()
  return (
    <div className="bd-other-login">
      <p className="bd-other-login__title">{t('auth.login.other')}</p>
      <div className="bd-other-login__buttons">
        {providers.map((provider) => (
          <Button
            key={provider.name}
            icon={ICONS[provider.name] ?? <ApiOutlined />}
            aria-label={t('auth.login.other_with', { provider: provider.label || provider.name })}
            onClick={() => goToUrl(otherLoginUrl(provider, redirect))}
          >
            {provider.label || provider.name}
          </Button>
        ))}
      </div>
    </div>
  )
}
