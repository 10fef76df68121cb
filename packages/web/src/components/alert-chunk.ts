/** antd's Alert as a chunk of its own (see LazyAlert). */
export { Alert } from 'antd'
