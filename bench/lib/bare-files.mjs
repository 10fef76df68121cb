// The reference of bench/static-files.mjs, in a process of its own: node:http answering each built file
// of the SPA from memory (its .br copy where there is one), with no framework, hooks or log around it —
// the floor of what sending a file costs Node. Told the folder and port over IPC; answers "ready".
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

process.once('message', ({ root, port }) => {
  const files = new Map()
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(root, name)
    if (/\.(br|gz)$/.test(name) || !fs.statSync(full).isFile()) continue
    const br = fs.existsSync(`${full}.br`) ? fs.readFileSync(`${full}.br`) : undefined
    files.set(`/${name.split(path.sep).join('/')}`, {
      body: br ?? fs.readFileSync(full),
      br: br !== undefined,
    })
  }
  http
    .createServer((request, response) => {
      const file = files.get(request.url ?? '')
      if (!file) {
        response.writeHead(404).end()
        return
      }
      const type = request.url?.endsWith('.css')
        ? 'text/css; charset=utf-8'
        : 'text/javascript; charset=utf-8'
      response.writeHead(200, {
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
        ...(file.br ? { 'content-encoding': 'br', vary: 'Accept-Encoding' } : {}),
      })
      response.end(file.body)
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'))
})
