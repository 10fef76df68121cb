/**
 * Pages are offered for sharing only inside WeChat's browser, and only when the server has an appid
 * for it; elsewhere the sharing code (wechat-share.ts) is not even loaded.
 */
export function shouldShare(appId: string, userAgent: string): boolean {
  return appId !== '' && /MicroMessenger/i.test(userAgent)
}
