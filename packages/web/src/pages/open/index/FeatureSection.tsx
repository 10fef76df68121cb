import {
  AuditOutlined,
  BankOutlined,
  ClusterOutlined,
  FileExcelOutlined,
  FileProtectOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  TranslationOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface Feature {
  key: string
  icon: ReactNode
}

const FEATURES: Feature[] = [
  { key: 'firms', icon: <SafetyCertificateOutlined /> },
  { key: 'products', icon: <FileProtectOutlined /> },
  { key: 'banks', icon: <BankOutlined /> },
  { key: 'channels', icon: <ClusterOutlined /> },
]

const CAPABILITIES: Feature[] = [
  { key: 'roles', icon: <TeamOutlined /> },
  { key: 'log', icon: <AuditOutlined /> },
  { key: 'excel', icon: <FileExcelOutlined /> },
  { key: 'languages', icon: <TranslationOutlined /> },
]

/** What the back office manages: companies, products, banks, channels. */
export function FeatureSection() {
  const { t } = useTranslation()
  return (
    <section id="features" className="bd-section" aria-labelledby="features-title">
      <div className="bd-container">
        <header className="bd-section__head">
          <h2 id="features-title">{t('open.features.title')}</h2>
          <p>{t('open.features.subtitle')}</p>
        </header>
        <div className="bd-feature-grid">
          {FEATURES.map((feature) => (
            <div key={feature.key} className="bd-feature">
              <span className="bd-feature__icon">{feature.icon}</span>
              <h3>{t(`open.features.${feature.key}_title`)}</h3>
              <p>{t(`open.features.${feature.key}_text`)}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}

/** How the back office works for the team: permissions, audit, Excel, languages. */
export function CapabilitySection() {
  const { t } = useTranslation()
  return (
    <section id="capabilities" className="bd-section bd-section--tinted" aria-labelledby="capabilities-title">
      <div className="bd-container">
        <header className="bd-section__head">
          <h2 id="capabilities-title">{t('open.capabilities.title')}</h2>
        </header>
        <div className="bd-capability-grid">
          {CAPABILITIES.map((item) => (
            <div key={item.key} className="bd-capability">
              <span className="bd-capability__icon">{item.icon}</span>
              <div>
                <h3>{t(`open.capabilities.${item.key}_title`)}</h3>
                <p>{t(`open.capabilities.${item.key}_text`)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}
