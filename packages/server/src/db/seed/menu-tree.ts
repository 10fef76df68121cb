import { OPERATE_MENU } from './admin-menus'
import { HOMEPAGE_MENU } from './home-menus'
import type { MenuSeed } from './menu-seed'
import { OFFICIAL_WEBSITE_MENU } from './open-menus'

/**
 * The whole menu tree, siblings in display order. Ids are the original catalogue's; ids 164
 * (GET /home/personage/password) and 165 (GET /open/markdown) are pages we added above its highest
 * id, 166/167 (GET/PUT /admin/roles/{id}/permissions) the permission assignment of a role, and 168
 * (GET /admin/admins/accounts) the search of the accounts a new back-office user can be bound to,
 * 190-192 (GET/POST/DELETE /admin/developments/plugins) the developer console's plug-ins;
 * 300-319 the message centre (messages, visitor messages, the inboxes, the contact form); 340-349
 * API client applications (the admin resource, the owner's routes and pages, the token exchange);
 * 350-351 the map picker's settings and the region levels of the cascader; 370 the demo data offered
 * on the empty back-office home; 400-419 online sessions, account security (two-factor login, one's
 * own sessions) and the reset of an account's second factor;
 * 420-439 organisation units (420-427: the departments resource);
 * 450-469 automation: scheduled jobs, the product sale calendar and webhooks;
 * 470-489 the tamper-evident log (470 verify, 471 the signed report);
 * 495-504 the file manager (495-498: the uploads resource, 499 each owner's quota and usage).
 */
export const MENU_TREE: MenuSeed = {
  id: 1,
  name: 'Menu list',
  description: 'Root node, the parent node of all menus',
  children: [OPERATE_MENU, HOMEPAGE_MENU, OFFICIAL_WEBSITE_MENU],
}
