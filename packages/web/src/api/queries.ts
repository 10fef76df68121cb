import type { MenuItem } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useSession } from '../state/session'
import { fetchMenus, MENUS_STALE_MS, menusKey } from './menus'

/** GET /open/menu: the menu items the current user may see (refetched when the user changes). */
export function useMenus() {
  const { user, loading } = useSession()
  return useQuery<MenuItem[]>({
    queryKey: menusKey(user.id ?? 0),
    queryFn: fetchMenus,
    enabled: !loading,
    staleTime: MENUS_STALE_MS,
    retry: false,
  })
}
