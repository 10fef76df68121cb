import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet } from 'react-router'
import { getConfig } from '../api/config'
import { Brand } from '../components/Brand'
import { PageLoading } from '../components/PageLoading'
import { HeaderActions } from './HeaderActions'

/** The public area: top bar (brand, nav, language, theme, account), the page, a footer. */
export function OpenLayout() {
  const { t } = useTranslation()
  return (
    <div className="bd-open">
      <a className="bd-skip-link" href="#content">
        {t('app.skip_to_content')}
      </a>
      <header className="bd-open__header">
        <div className="bd-container bd-open__bar">
          <Brand />
          <nav className="bd-open__nav" aria-label={t('nav.main_menu')}>
            <NavLink to="/open/index" end>
              {t('nav.official_website')}
            </NavLink>
            <Link to="/open/index#features">{t('nav.features')}</Link>
            <Link to="/open/index#capabilities">{t('nav.capabilities')}</Link>
          </nav>
          <HeaderActions area="open" />
        </div>
      </header>
      {/* The footer comes with the page: drawn under the loading page's spinner it sat in view and
          the page pushed it down (a layout shift of 0.18 at 1440 px, 0.34 at 390, on the site's home). */}
      <Suspense
        fallback={
          <main id="content" className="bd-open__main">
            <PageLoading />
          </main>
        }
      >
        <main id="content" className="bd-open__main">
          <Outlet />
        </main>
        <OpenFooter />
      </Suspense>
    </div>
  )
}

/** The site's footer: about, the site's links, the rights. */
function OpenFooter() {
  const { t } = useTranslation()
  const { name } = getConfig()
  return (
    <footer className="bd-open__footer">
      <div className="bd-container bd-open__footer-inner">
        <div>
          <Brand inverted />
          <p className="bd-open__footer-about">{t('open.footer.about')}</p>
        </div>
        <nav className="bd-open__footer-nav" aria-label={t('nav.official_website')}>
          <Link to="/open/index">{t('nav.official_website')}</Link>
          <Link to="/home/index">{t('nav.homepage')}</Link>
          <Link to="/admin/index">{t('nav.backstage')}</Link>
          <Link to="/open/contact">{t('contact.title')}</Link>
          <Link to="/open/markdown?key=about">{t('markdown.titles.about')}</Link>
          <Link to="/open/markdown?key=user_agreement">{t('markdown.titles.user_agreement')}</Link>
          <Link to="/open/markdown?key=privacy_policy">{t('markdown.titles.privacy_policy')}</Link>
        </nav>
        <p className="bd-open__copyright">
          {t('open.footer.rights', { year: new Date().getFullYear(), name })}
        </p>
      </div>
    </footer>
  )
}
