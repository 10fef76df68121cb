import { LanguageSwitch } from '../components/LanguageSwitch'
import { ThemeSwitch } from '../components/ThemeSwitch'
import { UserMenu } from '../components/UserMenu'
import { MessageBell } from './MessageBell'

/** The right side of every header: language, theme, the message bell (once logged in) and account. */
export function HeaderActions({ area }: { area: 'open' | 'home' | 'admin' }) {
  return (
    <div className="bd-header-actions">
      <LanguageSwitch />
      <ThemeSwitch />
      <MessageBell area={area} />
      <UserMenu area={area} />
    </div>
  )
}
