import { type GlobalConfig, LANGUAGES } from '@brokerdesk/shared'
import type { AppConfig } from './config'

export const API_PREFIX = '/api'
export const WEB_PREFIX = '/web-api'

/** The global configuration of SPEC §3 for one caller (only `client_id` differs between callers). */
export function buildGlobalConfig(
  config: AppConfig,
  clientId: string,
  live: { maintenance: boolean; apiPublicKey?: string },
): GlobalConfig {
  return {
    name: config.name,
    api_url: API_PREFIX,
    web_url: WEB_PREFIX,
    app_url: config.appUrl,
    use_url: WEB_PREFIX,
    lifetime: config.sessionLifetime,
    theme: config.defaultTheme,
    language: config.defaultLanguage,
    default_language: config.defaultLanguage,
    locales: [...LANGUAGES],
    def_avatar: '/images/avatar.svg',
    page_gray: config.pageGray,
    wechat_appid: config.wechatAppId,
    app_key: '',
    api_public_key: live.apiPublicKey ?? '',
    debug: config.debug,
    env: config.env,
    client_id: clientId,
    statistics_url: config.statisticsUrl,
    automation_redirect: config.automationRedirect,
    maintenance: live.maintenance,
    verify: {
      type: 'slider',
      dataUrl: `${WEB_PREFIX}/open/captcha`,
      data: {
        client_fail_alert: 'captcha.client_fail_alert',
        lang: config.defaultLanguage,
        product: 'float',
        http: 'https',
      },
    },
  }
}
