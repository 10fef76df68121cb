import { PaletteTrigger } from '../components/command-palette/PaletteTrigger'
import { LanguageSwitch } from '../components/LanguageSwitch'
import { ThemeSwitch } from '../components/ThemeSwitch'
import { UserMenu } from '../components/UserMenu'
import { MessageBell } from './MessageBell'

/**
 * The right side of every header: the back office's search (the command palette), language, theme,
 * the message bell (once logged in) and account.
 */
export function HeaderActions({ area }: { area: 'open' | 'home' | 'admin' }) {
  return (
    <div className="bd-header-actions">
      {area === 'admin' && <PaletteTrigger />}
      <LanguageSwitch />
      <ThemeSwitch />
      <MessageBell area={area} />
      <UserMenu area={area} />
    </div>
  )
}
