import { lazyPage } from './lazy-page'

/**
 * The admin pages of the menu list (MenuRoutes): with them the resource pages' registry and zod.
 * One lazy page shared by the router, which draws it, and the menu, which loads it ahead of a click.
 */
export const MenuRoutes = lazyPage(() => import('./MenuRoutes'))
