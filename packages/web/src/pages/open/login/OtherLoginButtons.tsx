import {
  ApiOutlined,
  GithubOutlined,
  GoogleOutlined,
  QqOutlined,
  WechatOutlined,
  WeiboOutlined,
} from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Button, Divider } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { identityApi, type OtherLoginProvider } from '../../../api/identity'
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

/** "Or log in with": a button per configured provider (GET /open/other-login); nothing when there is none. */
export function OtherLoginButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation()
  const providers = useQuery({
    queryKey: ['other-login-providers'],
    queryFn: identityApi.otherLoginProviders,
    staleTime: 10 * 60_000,
    retry: false,
  })
  const list = providers.data ?? []
  if (list.length === 0) return null
  return (
    <div className="bd-other-login">
      <Divider plain>{t('auth.login.other')}</Divider>
      <div className="bd-other-login__buttons">
        {list.map((provider) => (
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
