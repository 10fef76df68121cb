import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants as zlibConstants } from 'node:zlib'
import { WECHAT_JS_SDK_ORIGIN } from '@brokerdesk/shared'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppConfig } from './config'
import { createChangeBus } from './db/change-bus'
import type { Database, Db } from './db/client'
import { openRedis } from './db/redis'
import { databaseCounter, redisCounter } from './db/shared-counter'
import { notFound } from './errors'
import { API_PREFIX, WEB_PREFIX } from './global-config'
import { localControlPlugin } from './local-control/local-control-plugin'
import { OneLinePerRequest } from './logger'
import {
  apiEncryptionPlugin,
  decryptPayload,
  sealAnswerPayload,
} from './modules/api-encryption/api-encryption'
import { logAppCall } from './modules/apps/log-app-call'
import { createRequestAuthResolver } from './modules/auth/request-auth-cache'
import { createClusterMembership } from './modules/cluster/membership'
import { createLiveSettings } from './modules/configs/live-settings'
import { maintenanceGate } from './modules/configs/maintenance-gate'
import { loadPluginRegistry } from './modules/developments/plugins/plugin-registry'
import { nodeFileLogRoutes } from './modules/file-log/file-log.routes'
import { registerModules } from './modules/index'
import { authorize } from './modules/permissions/authorize'
import { serveUploadsPlugin } from './modules/uploads/serve-uploads'
import { clientIdPlugin } from './plugins/client-id'
import { requireCsrfToken } from './plugins/csrf'
import { errorsPlugin } from './plugins/errors'
import { healthPlugin } from './plugins/health'
import { BODY_LIMIT, inputHygienePlugin } from './plugins/input-hygiene'
import { openApiPlugin } from './plugins/openapi'
import { requestContextPlugin } from './plugins/request-context'
import { SCRIPT_NONCE_SOURCE, securityHeadersPlugin } from './plugins/security-headers'
import { resolveSession } from './plugins/session'
import { spaPlugin } from './plugins/spa'
import { resolveAppKey } from './secrets'
import type { Channel } from './types'
import './types'

export interface BuildAppOptions {
  config: AppConfig
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Serve the built SPA (off in server tests that do not need it). */
  serveWeb?: boolean
  /** The token of the control file a local command uses (see local-control); no control route without it. */
  localControlToken?: string
}

function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  return path.resolve(here, '../../web/dist')
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Builds the whole server; tests drive it with `app.inject`, main.ts makes it listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('db', database.db)
  app.decorate('appKey', await resolveAppKey(database.db, config.appKey))
  app.decorate('plugins', loadPluginRegistry(config.plugins))
  const changeBus = createChangeBus(database)
  const settings = await createLiveSettings(database.db, changeBus)
  const requestAuth = createRequestAuthResolver(database)
  const databaseCounts = databaseCounter(database.db)
  const sharedCounter = config.redisUrl
    ? redisCounter(openRedis(config.redisUrl, app.log, 'per-user limits'), databaseCounts)
    : databaseCounts
  app.decorate('changeBus', changeBus)
  app.decorate('settings', settings)
  app.decorate('requestAuth', requestAuth)
  app.decorate('lifecycle', { draining: false })
  app.decorate('sharedCounter', sharedCounter)
  app.decorate('cluster', createClusterMembership(app, config.node))
  // Reads that may lag (lists, exports, statistics, the dashboard): the replica when there is one and
  // it has this caller's last write, else the primary (db/replica.ts).
  const callerOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : undefined)
  app.decorateRequest('readDb', function readDb<T>(this: FastifyRequest, work: (db: Db) => Promise<T>) {
    return database.replica ? database.replica.read(callerOf(this), work) : work(database.db)
  })
  database.replica?.onChange((status) =>
    status.state === 'ok'
      ? app.log.info({ replica: status }, 'read replica in use')
      : app.log.warn({ replica: status }, 'read replica not in use: reads go to the primary'),
  )
  // A request that may have written data: the callers kept by this process may be out of date (the
  // notification of another process's change arrives on the listening connection). A route of the
  // engine whose writes' log entries said they changed none of those tables keeps them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (READ_ONLY_METHODS.has(request.method)) return payload
    const keepsCallers =
      request.routeOptions.config?.writesThroughEngine === true && request.authChangedByWrite === false
    if (!keepsCallers) requestAuth.changed()
    // Read-your-writes for every client (a browser, an app's token, a script without cookies): this
    // user's reads go to the primary until the replica has replayed the primary's position after this.
    const caller = callerOf(request)
    if (database.replica && caller && reply.statusCode < 400)
      await database.replica
        .rememberWrite(caller)
        .catch((error) => request.log.warn({ err: error }, 'the position of a write was not remembered'))
    return payload
  })
  app.addHook('onClose', async () => {
    await settings.stop().catch(() => undefined)
    await requestAuth.stop().catch(() => undefined)
    await changeBus.close()
    await sharedCounter.close()
    await app.cluster.leave()
  })

  await app.register(cookie)
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
    crossOriginEmbedderPolicy: false,
  })
  await app.register(requestContextPlugin)
  await app.register(clientIdPlugin)
  await app.register(errorsPlugin)
  await app.register(inputHygienePlugin)
  await app.register(openApiPlugin)
  await app.register(serveUploadsPlugin)
  await app.register(apiEncryptionPlugin)

  await app.register(healthPlugin)
  await app.register(nodeFileLogRoutes)
  if (options.localControlToken) await app.register(localControlPlugin, { token: options.localControlToken })
  database.onConnectionLost((error) => app.log.warn({ err: error }, 'database connection lost'))

  await mountChannel(app, API_PREFIX, 'api')
  await mountChannel(app, WEB_PREFIX, 'web')

  if (options.serveWeb ?? true) {
    await app.register(spaPlugin, { root: config.webDist ?? defaultWebDist() })
  } else {
    app.setNotFoundHandler(() => {
      throw notFound()
    })
  }
  return app
}

/** What the pages may load: this origin, plus the statistics script and WeChat's JS-SDK when configured. */
function contentSecurityDirectives(config: AppConfig) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      SCRIPT_NONCE_SOURCE,
      ...(config.statisticsUrl ? [new URL(config.statisticsUrl).origin] : []),
      // WeChat's JS-SDK, loaded inside WeChat's browser when sharing is configured.
      ...(config.wechat.appId ? [WECHAT_JS_SDK_ORIGIN] : []),
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: config.secureCookies ? [] : null,
  }
}

/** The modules' routes under one prefix, with the hooks of that channel (the API's or the web's). */
function mountChannel(app: FastifyInstance, prefix: string, channel: Channel) {
  return app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        request.channel = channel
      })
      scope.addHook('onRequest', resolveSession)
      scope.addHook('onRequest', maintenanceGate)
      scope.addHook('preValidation', decryptPayload)
      scope.addHook('onSend', sealAnswerPayload)
      if (channel === 'web') scope.addHook('preValidation', requireCsrfToken)
      scope.addHook('preValidation', authorize)
      if (channel === 'api') scope.addHook('onResponse', logAppCall)
      // The API's answers above 1 KB go out as br or gzip (a quick brotli level: JSON is made per
      // request). Only here: the SPA's files are precompressed, uploads are served as stored.
      await scope.register(compress, {
        global: true,
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      })
      await registerModules(scope)
    },
    { prefix },
  )
}
