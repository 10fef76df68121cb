import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { setNavigator } from '../api/navigation'
import { AppProviders } from './AppProviders'
import { createAppRouter } from './router'
import { startWechatShare } from './wechat/wechat-share'

/**
 * The SPA: providers around the router; the HTTP client navigates through the router; inside
 * WeChat's browser each page is offered for sharing.
 */
export function App() {
  const [router] = useState(createAppRouter)
  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, options))
  }, [router])
  useEffect(() => startWechatShare(router), [router])
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
