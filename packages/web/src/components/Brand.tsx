import { Link } from 'react-router'
import { getConfig } from '../api/config'

interface BrandProps {
  to?: string
  /** Hides the name, e.g. in a collapsed sider. */
  compact?: boolean
  inverted?: boolean
}

/** The product mark and name (the name comes from the global config). */
export function Brand({ to = '/open/index', compact = false, inverted = false }: BrandProps) {
  const { name } = getConfig()
  return (
    <Link to={to} className={`bd-brand${inverted ? ' bd-brand--inverted' : ''}`} aria-label={name}>
      <svg className="bd-brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          d="M16 2 4 6.5v8.2C4 22.3 9.1 28.3 16 30c6.9-1.7 12-7.7 12-15.3V6.5L16 2Z"
          fill="currentColor"
        />
        <path
          d="m10.5 16.2 3.8 3.8 7.2-7.4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && <span className="bd-brand__name">{name}</span>}
    </Link>
  )
}
