import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadConfig } from './api/config'
import { startTokenRefresh } from './api/http'
import { App } from './app/App'
import { preloadPage } from './app/router'
import { applyStartup } from './app/startup'
import { initLanguage } from './i18n/language'
import { initTheme } from './state/theme'
import './styles.css'

/** How long the first render waits for the page's chunks once the language is in. */
const PAGE_WAIT_MS = 1000

async function start(): Promise<void> {
  const config = await loadConfig()
  if (applyStartup(config)) return
  initTheme(config.theme)
  // The language starts loading first: what the page asks for at start is asked in it.
  const languageLoaded = initLanguage(config)
  const pageLoaded = preloadPage(window.location.pathname)
  await languageLoaded
  // The first render waits for the page's chunks too, up to PAGE_WAIT_MS (index.html's spinner shows
  // meanwhile, as the app's own would). Rendered before them, the layout or page suspends and shows
  // its fallback, and React then holds the commit that reveals it until 300 ms after that fallback
  // was shown (its FALLBACK_THROTTLE_MS, for any render that only retries a suspended boundary): a
  // warm list's rows came up to 300 ms after everything they needed had arrived. On a line so slow
  // that the chunks take longer, the layout shows with the page's spinner, as before.
  await Promise.race([pageLoaded, new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))])
  startTokenRefresh()
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void start()
