import { lazyPage } from './lazy-page'
import { registerPages } from './page-registry'

/** The special pages of the resources that differ from the generic list and form. */
registerPages('products', { edit: lazyPage(() => import('../pages/admin/products/ProductEdit')) })
registerPages('agent-systems', {
  list: lazyPage(() => import('../pages/admin/agent-systems/AgentSystemList')),
  edit: lazyPage(() => import('../pages/admin/agent-systems/AgentSystemEdit')),
})
registerPages('log-counts', { list: lazyPage(() => import('../pages/admin/log-counts/LogCountList')) })
registerPages('logs', {
  list: lazyPage(() => import('../pages/admin/logs/LogList')),
  edit: lazyPage(() => import('../pages/admin/logs/LogDetail')),
})
registerPages('menus', {
  list: lazyPage(() => import('../pages/admin/menus/MenuList')),
  edit: lazyPage(() => import('../pages/admin/menus/MenuEdit')),
  pages: { 'menus/tree': lazyPage(() => import('../pages/admin/menus/MenuTreePage')) },
})
registerPages('roles', { list: lazyPage(() => import('../pages/admin/roles/RoleList')) })
registerPages('admins', { edit: lazyPage(() => import('../pages/admin/admins/AdminEdit')) })
registerPages('developments', {
  pages: { 'developments/index': lazyPage(() => import('../pages/admin/developments/DevelopmentsPage')) },
})
registerPages('messages', { edit: lazyPage(() => import('../pages/admin/messages/MessageEdit')) })
registerPages('contact-messages', {
  edit: lazyPage(() => import('../pages/admin/contact-messages/ContactMessagePage')),
})
registerPages('inbox', {
  pages: { inbox: lazyPage(() => import('../pages/messages/InboxPage')) },
  edit: lazyPage(() => import('../pages/messages/InboxMessagePage')),
})
registerPages('file-log', {
  pages: { 'file-log/index': lazyPage(() => import('../pages/admin/file-log/FileLogPage')) },
})
registerPages('configs', {
  list: lazyPage(() => import('../pages/admin/configs/ConfigList')),
  edit: lazyPage(() => import('../pages/admin/configs/ConfigEdit')),
})
registerPages('users', { edit: lazyPage(() => import('../pages/admin/users/UserEdit')) })
registerPages('jobs', { pages: { jobs: lazyPage(() => import('../pages/admin/jobs/JobsPage')) } })
registerPages('product-calendar', {
  pages: {
    'product-calendar': lazyPage(() => import('../pages/admin/product-calendar/ProductCalendarPage')),
  },
})
registerPages('uploads', { list: lazyPage(() => import('../pages/admin/uploads/UploadList')) })
registerPages('webhooks', {
  pages: { webhooks: lazyPage(() => import('../pages/admin/webhooks/WebhooksPage')) },
})
