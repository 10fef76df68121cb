// The statements a server sends to PostgreSQL, captured rather than guessed: a TCP proxy between the
// server and PostgreSQL that reads the frontend's messages (protocol 3) as they pass and records, per
// connection, each statement run — its text (from Parse, or a simple Query) and the parameters its
// Bind carried, as text. A bench starts the server on the proxy only to capture; it measures on a
// server connected directly.
import net from 'node:net'
import { freePort } from './processes.mjs'

/** Reads the messages of one connection's client side; `onStatement(text, params)` for each run. */
function frontendReader(onStatement) {
  let buffer = Buffer.alloc(0)
  let started = false
  const statements = new Map()
  const portals = new Map()
  const cString = (body, at) => {
    const end = body.indexOf(0, at)
    return [body.toString('utf8', at, end), end + 1]
  }
  const handle = (type, body) => {
    if (type === 'Q') onStatement(cString(body, 0)[0], [])
    else if (type === 'P') {
      const [name, at] = cString(body, 0)
      statements.set(name, cString(body, at)[0])
    } else if (type === 'B') {
      const [portal, afterPortal] = cString(body, 0)
      const [name, afterName] = cString(body, afterPortal)
      let at = afterName
      const formats = body.readInt16BE(at)
      at += 2 + formats * 2
      const count = body.readInt16BE(at)
      at += 2
      const params = []
      for (let i = 0; i < count; i++) {
        const length = body.readInt32BE(at)
        at += 4
        params.push(length < 0 ? null : body.toString('utf8', at, at + length))
        at += Math.max(length, 0)
      }
      portals.set(portal, { text: statements.get(name), params })
    } else if (type === 'E') {
      const run = portals.get(cString(body, 0)[0])
      if (run) onStatement(run.text, run.params)
    }
  }
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      if (!started) {
        if (buffer.length < 4) return
        const length = buffer.readInt32BE(0)
        if (buffer.length < length) return
        buffer = buffer.subarray(length)
        started = true
        continue
      }
      if (buffer.length < 5) return
      const length = buffer.readInt32BE(1)
      if (buffer.length < 1 + length) return
      handle(String.fromCharCode(buffer[0]), buffer.subarray(5, 1 + length))
      buffer = buffer.subarray(1 + length)
    }
  }
}

/**
 * Starts the proxy to PostgreSQL at `target` (a postgres:// url). Answers its port, the statements
 * recorded since the last `take()` (each `{connection, text, params}`, in the order they ran), and close.
 */
export async function startCaptureProxy(target) {
  const url = new URL(target)
  let recorded = []
  let connections = 0
  const sockets = new Set()
  const server = net.createServer((client) => {
    const connection = ++connections
    const upstream = net.connect(Number(url.port || 5432), url.hostname)
    sockets.add(client).add(upstream)
    const read = frontendReader((text, params) => recorded.push({ connection, text, params }))
    client.on('data', (chunk) => {
      read(chunk)
      upstream.write(chunk)
    })
    upstream.pipe(client)
    const end = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end).on('error', end)
    upstream.on('close', end).on('error', end)
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const proxied = new URL(target)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(server.address().port)
  return {
    url: proxied.toString(),
    take() {
      const taken = recorded
      recorded = []
      return taken
    },
    close() {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

/** The statements of the transaction(s) of one connection from `begin` to `commit`, both included. */
export function transactionsOf(recorded) {
  const transactions = []
  let open = null
  for (const statement of recorded) {
    const text = statement.text.trim().toLowerCase()
    if (text === 'begin') open = [statement]
    else if (open) {
      open.push(statement)
      if (text === 'commit' || text === 'rollback') {
        transactions.push(open)
        open = null
      }
    }
  }
  return transactions
}
