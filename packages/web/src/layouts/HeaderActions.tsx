import type { ReactNode } from 'react'
import { LanguageSwitch } from '../components/LanguageSwitch'
import { ThemeSwitch } from '../components/ThemeSwitch'
import { UserMenu } from '../components/UserMenu'
import { MessageBell } from './MessageBell'

/**
 * The right side of every header: what the area puts first (the back office: its search, the
 * command palette's trigger, which the open site's first load then does not carry), language,
 * theme, the message bell (once logged in) and account.
 */
export function HeaderActions({ area, leading }: { area: 'open' | 'home' | 'admin'; leading?: ReactNode }) {
  return (
    <div className="bd-header-actions">
      {leading}
      <LanguageSwitch />
      <ThemeSwitch />
      <MessageBell area={area} />
      <UserMenu area={area} />
    </div>
  )
}
