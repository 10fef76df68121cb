export * from './api'
export * from './global-config'
export * from './menu'
export * from './validation/index'
