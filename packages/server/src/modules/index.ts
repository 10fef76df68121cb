import type { FastifyInstance } from 'fastify'
import { authRoutes } from './auth/auth.routes'
import { otherLoginRoutes } from './auth/other-login/other-login.routes'
import { captchaRoutes } from './captcha/captcha.routes'

import { dashboardRoutes } from './dashboard/dashboard.routes'
import { demoDataRoutes } from './demo-data/demo-data.routes'
import { developmentRoutes } from './developments/developments.routes'
import { pluginPageRoutes } from './developments/plugins/plugin-pages'

import { fileLogRoutes } from './file-log/file-log.routes'
import { jobsModule } from './jobs/jobs.routes'
import { listSettingsRoutes } from './list-settings/list-settings.routes'
import { mapsRoutes } from './maps/maps.routes'
import { markdownPagesRoutes } from './markdown-pages/markdown-pages.routes'

import { openRoutes } from './open/open.routes'
import { personageRoutes } from './personage/personage.routes'
import { SERVED_RESOURCES } from './resource-modules'
import { searchRoutes } from './search/search.routes'
import { uploadsModule } from './uploads/uploads.routes'
import { webhooksModule } from './webhooks/webhooks.routes'
import { wechatRoutes } from './wechat/wechat.routes'

/** Every area's routes; mounted twice, under /api and /web-api. */
export async function registerModules(scope: FastifyInstance): Promise<void> {
  await scope.register(openRoutes)
  await scope.register(authRoutes)
  await scope.register(captchaRoutes)
  await scope.register(otherLoginRoutes)
  await scope.register(personageRoutes)
  await scope.register(dashboardRoutes)
  await scope.register(demoDataRoutes)
  await scope.register(markdownPagesRoutes)
  await scope.register(wechatRoutes)
  await scope.register(mapsRoutes)
  await scope.register(listSettingsRoutes)
  for (const served of Object.values(SERVED_RESOURCES)) await scope.register(served.module)
  await scope.register(uploadsModule)
  await scope.register(searchRoutes)
  await scope.register(developmentRoutes)
  await scope.register(fileLogRoutes)
  await scope.register(pluginPageRoutes)
  await scope.register(jobsModule)
  await scope.register(webhooksModule)
}
