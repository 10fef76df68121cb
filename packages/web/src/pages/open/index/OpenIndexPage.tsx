import { ArrowRightOutlined } from '@ant-design/icons'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useDocumentTitle } from '../../../app/use-document-title'
import { ButtonLink } from '../../../components/ButtonLink'
import { CapabilitySection, FeatureSection } from './FeatureSection'
import { HeroSection } from './HeroSection'
import { useEntryLink } from './use-entry-link'

function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' })
  }, [hash])
}

/** /open/index: the official website of the brokerage. */
export default function OpenIndexPage() {
  const { t } = useTranslation()
  const entry = useEntryLink()
  useScrollToHash()
  useDocumentTitle(t('app.tagline'))
  return (
    <div className="bd-landing">
      <HeroSection />
      <FeatureSection />
      <CapabilitySection />
      <section className="bd-cta" aria-labelledby="cta-title">
        <div className="bd-container bd-cta__inner">
          <div>
            <h2 id="cta-title">{t('open.cta.title')}</h2>
            <p>{t('open.cta.text')}</p>
          </div>
          <ButtonLink
            type="primary"
            size="large"
            to={entry.to}
            icon={<ArrowRightOutlined />}
            iconPlacement="end"
          >
            {t(entry.loggedIn ? 'open.hero.enter' : 'open.cta.button')}
          </ButtonLink>
        </div>
      </section>
    </div>
  )
}
