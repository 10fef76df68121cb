import {
  ArrowRightOutlined,
  BankOutlined,
  CheckCircleFilled,
  ClusterOutlined,
  FileProtectOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons'
import { ConfigProvider } from 'antd'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../../api/config'
import { ButtonLink } from '../../../components/ButtonLink'
import { useEntryLink } from './use-entry-link'

const PANEL_ROWS = [
  { key: 'firms', icon: <SafetyCertificateOutlined /> },
  { key: 'products', icon: <FileProtectOutlined /> },
  { key: 'banks', icon: <BankOutlined /> },
  { key: 'channels', icon: <ClusterOutlined /> },
] as const

/** White primary buttons on the dark hero background. */
const HERO_BUTTONS = {
  components: {
    Button: {
      colorPrimary: '#ffffff',
      colorPrimaryHover: 'rgba(255, 255, 255, 0.88)',
      colorPrimaryActive: 'rgba(255, 255, 255, 0.78)',
      primaryColor: '#0b1f4d',
      primaryShadow: 'none',
    },
  },
}

export function HeroSection() {
  const { t } = useTranslation()
  const { name } = getConfig()
  const entry = useEntryLink()
  return (
    <section className="bd-hero" aria-labelledby="hero-title">
      <div className="bd-container bd-hero__grid">
        <div className="bd-hero__copy">
          <span className="bd-hero__eyebrow">{t('open.hero.eyebrow')}</span>
          <p className="bd-hero__name">{name}</p>
          <h1 id="hero-title" className="bd-hero__title">
            {t('open.hero.title')}
          </h1>
          <p className="bd-hero__subtitle">{t('open.hero.subtitle', { name })}</p>
          <ConfigProvider theme={HERO_BUTTONS}>
            <div className="bd-hero__actions">
              <ButtonLink
                type="primary"
                size="large"
                to={entry.to}
                icon={<ArrowRightOutlined />}
                iconPlacement="end"
              >
                {t(entry.loggedIn ? 'open.hero.enter' : 'open.hero.login')}
              </ButtonLink>
              <ButtonLink size="large" ghost to="/open/index#features" className="bd-hero__secondary">
                {t('open.hero.learn_more')}
              </ButtonLink>
            </div>
          </ConfigProvider>
        </div>
        <div className="bd-hero__panel" aria-hidden="true">
          <div className="bd-panel">
            <div className="bd-panel__head">
              <span className="bd-panel__dots">
                <i />
                <i />
                <i />
              </span>
              <span>{t('open.panel.title')}</span>
            </div>
            <ul className="bd-panel__rows">
              {PANEL_ROWS.map((row) => (
                <li key={row.key} className="bd-panel__row">
                  <span className="bd-panel__icon">{row.icon}</span>
                  <span className="bd-panel__label">{t(`open.panel.${row.key}`)}</span>
                  <span className="bd-panel__bar" />
                </li>
              ))}
            </ul>
            <div className="bd-panel__foot">
              <CheckCircleFilled /> {t('open.panel.synced')}
            </div>
          </div>
        </div>
      </div>
    </section>
  )
}
