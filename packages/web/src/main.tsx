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

async function start(): Promise<void> {
  const config = await loadConfig()
  if (applyStartup(config)) return
  initTheme(config.theme)
  // The language starts loading first: what the page asks for at start is asked in it.
  const languageLoaded = initLanguage(config)
  preloadPage(window.location.pathname)
  await languageLoaded
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
