import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { getConfig } from '../api/config'
import { setNavigator } from '../api/navigation'
import { AppProviders } from './AppProviders'
import { createAppRouter } from './router'
import { shouldShare } from './wechat/should-share'

/**
 * The SPA: providers around the router; the HTTP client navigates through the router; inside
 * WeChat's browser each page is offered for sharing.
 */
export function App() {
  const [router] = useState(createAppRouter)
  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, options))
  }, [router])
  useEffect(() => {
    if (!shouldShare(getConfig().wechat_appid, navigator.userAgent)) return
    let stop: (() => void) | undefined
    let left = false
    void import('./wechat/wechat-share').then((module) => {
      if (!left) stop = module.startWechatShare(router)
    })
    return () => {
      left = true
      stop?.()
    }
  }, [router])
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
