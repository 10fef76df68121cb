import { AccountButton, type AccountDropdownProps, type AccountMenuProps } from './AccountButton'
import { loadOnce, useLazyMenu } from './lazy-menu'

/** The dropdown (antd Dropdown and Menu, kept out of every page's first load). */
const loadDropdown = loadOnce(() => import('./AccountDropdown').then((module) => module.default))

/** The account menu of a logged-in user's header (its own chunk): the button alone until its dropdown is needed (useLazyMenu). */
export default function AccountMenu({ area, user }: AccountMenuProps) {
  const { menu, button } = useLazyMenu<AccountDropdownProps>(loadDropdown)
  if (menu) return <menu.Menu area={area} user={user} defaultOpen={menu.open} focus={menu.focus} />
  return <AccountButton {...button} user={user} />
}
