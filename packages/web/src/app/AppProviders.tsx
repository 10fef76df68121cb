import { RTL_LANGUAGES } from '@brokerdesk/shared'
import { QueryClientProvider } from '@tanstack/react-query'
import { theme as antdTheme, ConfigProvider } from 'antd'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { AlertHost } from '../components/AlertHost'
import { i18n } from '../i18n/i18n'
import { useLocaleState } from '../i18n/language'
import { useModal } from '../state/modal'
import { useTheme } from '../state/theme'
import { cspNonce } from './config'
import { queryClient } from './query-client'

const BRAND_TOKENS = {
  colorPrimary: '#1f5eff',
  borderRadius: 8,
  fontFamily:
    "'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans', Roboto, 'Helvetica Neue', Arial, sans-serif",
}

const csp = { nonce: cspNonce() }

const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/** Copies the theme's colours into CSS variables for the app's own styles. */
function ThemeVariables() {
  const { token } = antdTheme.useToken()
  useEffect(() => {
    const style = document.documentElement.style
    const vars: Record<string, string | number> = {
      '--bd-primary': token.colorPrimary,
      '--bd-primary-bg': token.colorPrimaryBg,
      '--bd-bg-layout': token.colorBgLayout,
      '--bd-bg-container': token.colorBgContainer,
      '--bd-bg-elevated': token.colorBgElevated,
      '--bd-fill': token.colorFillQuaternary,
      '--bd-text': token.colorText,
      '--bd-text-secondary': token.colorTextSecondary,
      '--bd-border': token.colorBorderSecondary,
      '--bd-radius': `${token.borderRadiusLG}px`,
      '--bd-shadow': token.boxShadowTertiary,
      '--bd-success': token.colorSuccess,
      '--bd-warning': token.colorWarning,
    }
    for (const [name, value] of Object.entries(vars)) style.setProperty(name, String(value))
  }, [token])
  return null
}

/** The prompt modal's host (antd's Modal): its own chunk, loaded the first time a prompt opens. */
const ModalHost = lazy(() =>
  import('../components/ModalHost').then((module) => ({ default: module.ModalHost })),
)

function PromptModal() {
  const { open } = useModal()
  const [used, setUsed] = useState(open)
  if (open && !used) setUsed(true)
  return used ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null
}

/** Theme (antd algorithm), antd/i18n locale, react-query, and the shared alert and modal hosts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme()
  const { language, antd } = useLocaleState()
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={antd}
        csp={csp}
        direction={RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'}
        theme={{
          algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: { ...BRAND_TOKENS, motion: !reducedMotion },
        }}
      >
        <ThemeVariables />
        <QueryClientProvider client={queryClient}>
          <AlertHost />
          <PromptModal />
          {children}
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  )
}
