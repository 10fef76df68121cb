import type { GlobalConfig } from '@brokerdesk/shared'

export type StartupConfig = Pick<GlobalConfig, 'statistics_url' | 'page_gray' | 'automation_redirect'>

export interface StartupEnv {
  production: boolean
  document: Document
  webdriver: boolean
  redirect: (url: string) => void
}

function browserEnv(): StartupEnv {
  return {
    production: import.meta.env.PROD,
    document,
    webdriver: navigator.webdriver === true,
    redirect: (url) => {
      window.location.href = url
    },
  }
}

/**
 * The start-up behaviours of SPEC §1. Returns true when the browser is being sent elsewhere, in
 * which case the SPA should not render.
 */
export function applyStartup(config: StartupConfig, env: StartupEnv = browserEnv()): boolean {
  const redirect = config.automation_redirect ?? []
  if (env.webdriver && redirect.length > 0) {
    env.redirect(redirect.join(''))
    return true
  }
  if (env.production && config.statistics_url) {
    const script = env.document.createElement('script')
    script.src = config.statistics_url
    script.async = true
    env.document.head.appendChild(script)
  }
  if (config.page_gray === 1) {
    env.document.documentElement.style.filter = 'grayscale(100%)'
  }
  return false
}
