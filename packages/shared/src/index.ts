export * from './api'
export * from './dashboard'
export * from './developments'
export * from './global-config'

export * from './layout-schemas'
export * from './layouts'
export * from './list-settings'
export * from './list-settings-limits'

export * from './markdown-pages'

export * from './menu'
export * from './menu-routes'
export * from './plugins'
export * from './resources/index'
export * from './scheduling'
export * from './validation/index'
export * from './wechat'
