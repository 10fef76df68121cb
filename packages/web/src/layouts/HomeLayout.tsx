import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { Brand } from '../components/Brand'
import { PageLoading } from '../components/PageLoading'
import { HeaderActions } from './HeaderActions'

/** The area of an ordinary logged-in user: a top bar and a centred page. */
export default function HomeLayout() {
  const { t } = useTranslation()
  return (
    <div className="bd-home">
      <a className="bd-skip-link" href="#content">
        {t('app.skip_to_content')}
      </a>
      <header className="bd-home__header">
        <div className="bd-container bd-open__bar">
          <Brand to="/home/index" />
          <nav className="bd-open__nav" aria-label={t('nav.main_menu')}>
            <NavLink to="/home/index">{t('nav.homepage')}</NavLink>
            <NavLink to="/home/personage/index">{t('nav.personal_data')}</NavLink>
            <NavLink to="/home/apps">{t('apps.title')}</NavLink>
            <NavLink to="/open/index">{t('nav.official_website')}</NavLink>
          </nav>
          <HeaderActions area="home" />
        </div>
      </header>
      <main id="content" className="bd-container bd-home__main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
