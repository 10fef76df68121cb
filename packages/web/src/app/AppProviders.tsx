import { StyleProvider } from '@ant-design/cssinjs'
import { RTL_LANGUAGES } from '@brokerdesk/shared'
import { QueryClientProvider } from '@tanstack/react-query'
import { theme as antdTheme, ConfigProvider } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { cspNonce } from '../api/config'
import { AlertHost } from '../components/AlertHost'
import { i18n } from '../i18n/i18n'
import { useLocaleState } from '../i18n/language'
import { useModal } from '../state/modal'
import { useTheme } from '../state/theme'
import { lazyPart } from './lazy-part'
import { queryClient } from './query-client'

const BRAND_TOKENS = {
  colorPrimary: '#1f5eff',
  borderRadius: 8,
  fontFamily:
    "'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans', Roboto, 'Helvetica Neue', Arial, sans-serif",
}

/**
 * Text colours that reach WCAG AA contrast (4.5:1) on the page, card and filled-input backgrounds of
 * each theme: antd's defaults for secondary text (breadcrumbs, hints, descriptions), placeholders,
 * links (#1677ff) and errors (#ff4d4f) reach only 2.3–4.1:1. Disabled text keeps antd's colour (WCAG
 * exempts it).
 */
const CONTRAST_TOKENS = {
  primary: {
    colorLink: BRAND_TOKENS.colorPrimary,
    colorError: '#cf1322',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  dark: {
    colorLink: '#6b9bff',
    colorError: '#ff7875',
    colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextDescription: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.52)',
  },
} as const

/**
 * Dark theme: the primary blue behind white button text is too dark to be read as text on the dark
 * page, so what antd writes in the primary colour (the chosen menu item, tab) takes the link blue.
 */
const DARK_COMPONENTS = {
  Menu: {
    itemSelectedColor: CONTRAST_TOKENS.dark.colorLink,
    horizontalItemSelectedColor: CONTRAST_TOKENS.dark.colorLink,
    subMenuItemSelectedColor: CONTRAST_TOKENS.dark.colorLink,
  },
  Tabs: { itemSelectedColor: CONTRAST_TOKENS.dark.colorLink },
}

const csp = { nonce: cspNonce() }

const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * Copies the theme's colours into CSS variables for the app's own styles. `selected`: the colour of
 * a chosen item (the sider's page), antd's Menu's in the theme.
 */
function ThemeVariables({ selected }: { selected: string | undefined }) {
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
      '--bd-hover': token.colorBgTextHover,
      '--bd-text': token.colorText,
      '--bd-text-secondary': token.colorTextSecondary,
      '--bd-link': token.colorLink,
      '--bd-selected': selected ?? token.colorPrimary,
      '--bd-border': token.colorBorderSecondary,
      '--bd-radius': `${token.borderRadiusLG}px`,
      '--bd-shadow': token.boxShadowTertiary,
      '--bd-success': token.colorSuccess,
      '--bd-warning': token.colorWarning,
      '--bd-error': token.colorError,
      '--bd-primary-hover': token.colorPrimaryHover,
      '--bd-border-control': token.colorBorder,
      '--bd-control-outline': token.controlOutline,
      '--bd-error-outline': token.colorErrorOutline,
      '--bd-text-placeholder': token.colorTextPlaceholder,
    }
    for (const [name, value] of Object.entries(vars)) style.setProperty(name, String(value))
  }, [token, selected])
  return null
}

/**
 * The server answers seeded names (menus, roles, settings) in the request's language: after a
 * switch, what was fetched in the previous language is fetched again.
 */
function useRefetchOnLanguageChange(language: string): void {
  const previous = useRef(language)
  useEffect(() => {
    if (previous.current === language) return
    previous.current = language
    void queryClient.invalidateQueries()
  }, [language])
}

/** The prompt modal's host (antd's Modal): its own chunk, loaded the first time a prompt opens. */
const ModalHost = lazyPart(() =>
  import('../components/ModalHost').then((module) => ({ default: module.ModalHost })),
)

function PromptModal() {
  const { open } = useModal()
  const [used, setUsed] = useState(open)
  if (open && !used) setUsed(true)
  return used ? <ModalHost /> : null
}

/** Theme (antd algorithm), antd/i18n locale, react-query, and the shared alert and modal hosts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useTheme()
  const { language, antd } = useLocaleState()
  useRefetchOnLanguageChange(language)
  return (
    <I18nextProvider i18n={i18n}>
      {/* antd's styles sit in `@layer antd` (the static ones and what antd still writes: the icons' base
          style), below the app's own CSS whatever order the files arrive in. */}
      <StyleProvider layer>
        <ConfigProvider
          locale={antd}
          csp={csp}
          direction={RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'}
          theme={{
            // antd's component styles are static CSS made at build time (antd-styles.ts, issue 21);
            // antd only writes the theme's CSS variables at run time.
            zeroRuntime: true,
            hashed: false,
            algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
            token: { ...BRAND_TOKENS, ...CONTRAST_TOKENS[theme], motion: !reducedMotion },
            components: theme === 'dark' ? DARK_COMPONENTS : undefined,
          }}
        >
          <ThemeVariables selected={theme === 'dark' ? DARK_COMPONENTS.Menu.itemSelectedColor : undefined} />
          <QueryClientProvider client={queryClient}>
            <AlertHost />
            <PromptModal />
            {children}
          </QueryClientProvider>
        </ConfigProvider>
      </StyleProvider>
    </I18nextProvider>
  )
}
