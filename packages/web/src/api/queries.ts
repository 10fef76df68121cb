import type { MenuItem } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useSession } from '../state/session'
import { http } from './http'
import type { MenusAnswer } from './types'

/** GET /open/menu: the menu items the current user may see (refetched when the user changes). */
export function useMenus() {
  const { user, loading } = useSession()
  return useQuery<MenuItem[]>({
    queryKey: ['menus', user.id ?? 0],
    queryFn: async () => (await http.get<MenusAnswer>('/open/menu'))?.menus ?? [],
    enabled: !loading,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
