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
import { Card, Col, Row } from 'antd'
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
        <Row gutter={[24, 24]}>
          {FEATURES.map((feature) => (
            <Col key={feature.key} xs={24} sm={12} lg={6}>
              <Card className="bd-feature" variant="borderless">
                <span className="bd-feature__icon">{feature.icon}</span>
                <h3>{t(`open.features.${feature.key}_title`)}</h3>
                <p>{t(`open.features.${feature.key}_text`)}</p>
              </Card>
            </Col>
          ))}
        </Row>
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
        <Row gutter={[32, 32]}>
          {CAPABILITIES.map((item) => (
            <Col key={item.key} xs={24} md={12}>
              <div className="bd-capability">
                <span className="bd-capability__icon">{item.icon}</span>
                <div>
                  <h3>{t(`open.capabilities.${item.key}_title`)}</h3>
                  <p>{t(`open.capabilities.${item.key}_text`)}</p>
                </div>
              </div>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  )
}
