import { CheckCircleFilled } from '@ant-design/icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import './auth-card.css'

interface AuthCardProps {
  title: ReactNode
  subtitle?: ReactNode
  /** Shown under the form: links to the other identity pages. */
  footer?: ReactNode
  children: ReactNode
}

const POINTS = ['one_desk', 'roles', 'languages'] as const

/** The frame of the login, registration and password pages: a welcome panel beside the form. */
export function AuthCard({ title, subtitle, footer, children }: AuthCardProps) {
  const { t } = useTranslation()
  return (
    <div className="bd-auth">
      <div className="bd-auth__card">
        <aside className="bd-auth__aside">
          <p className="bd-auth__eyebrow">{getConfig().name}</p>
          <h2 className="bd-auth__aside-title">{t('auth.aside.title')}</h2>
          <ul className="bd-auth__points">
            {POINTS.map((point) => (
              <li key={point}>
                <CheckCircleFilled aria-hidden="true" />
                <span>{t(`auth.aside.${point}`)}</span>
              </li>
            ))}
          </ul>
        </aside>
        <section className="bd-auth__main">
          <h1 className="bd-auth__title">{title}</h1>
          {subtitle && <p className="bd-auth__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="bd-auth__footer">{footer}</div>}
        </section>
      </div>
    </div>
  )
}
