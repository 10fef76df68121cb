import { LanguageSwitch } from '../components/LanguageSwitch'
import { ThemeSwitch } from '../components/ThemeSwitch'
import { UserMenu } from '../components/UserMenu'

/** The right side of every header: language, theme and account. */
export function HeaderActions({ area }: { area: 'open' | 'home' | 'admin' }) {
  return (
    <div className="bd-header-actions">
      <LanguageSwitch />
      <ThemeSwitch />
      <UserMenu area={area} />
    </div>
  )
}
