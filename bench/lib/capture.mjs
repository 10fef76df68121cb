// What our server sends to PostgreSQL for one request, captured at the driver: the statements of the
// reference sides are these, not a hand-written guess. The app runs in this process (bundled from the
// same sources as the built server); pg's Client.query is wrapped while a request is answered.
import { createRequire } from 'node:module'
import path from 'node:path'
import { root } from './processes.mjs'

// The pg the server bundle resolves (packages/server first, then the hoisted one).
const pg = createRequire(path.join(root, 'packages/server/package.json'))('pg')
const original = pg.Client.prototype.query
let recording

pg.Client.prototype.query = function query(config, values, callback) {
  if (recording) {
    const text = typeof config === 'string' ? config : config?.text
    if (typeof text === 'string' && !/^\s*(un)?listen\b/i.test(text)) {
      const statement = { text, values: (typeof config === 'object' && config.values) || values || [] }
      if (typeof config === 'object' && config.name) statement.name = config.name
      if (typeof config === 'object' && config.rowMode) statement.rowMode = config.rowMode
      recording.push(JSON.parse(JSON.stringify(statement)))
    }
  }
  return original.call(this, config, values, callback)
}

/**
 * The statements one request sends once the process is warm (the request is made `warm` times
 * first, so that kept callers and prepared statements are as a long-running server has them).
 */
export async function captureStatements(inject, { warm = 3 } = {}) {
  for (let i = 0; i < warm; i++) await inject()
  recording = []
  try {
    const response = await inject()
    if (response.statusCode !== 200)
      throw new Error(`captured request answered ${response.statusCode}: ${response.body.slice(0, 300)}`)
    return recording
  } finally {
    recording = undefined
  }
}
