import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * antd's component styles as static CSS, made at build time (issue 21). At run time antd's style
 * engine turned each component's style function into CSS text and inserted it (473 KB of CSS in 76
 * style elements on a list page, ~190 ms of its main thread). Here every style hook antd has is
 * rendered once with `react-dom/server`, the generated rules are grouped by the hook's component
 * (`Button`, `Table`, `Input-TextArea`, …), and each of antd's style modules (`antd/es/*\/style/…`)
 * imports the CSS of the hooks it defines. So a chunk carries the CSS of exactly the antd styles it
 * bundles, and Vite serves it as that chunk's CSS file; the app runs antd with `theme.zeroRuntime`.
 *
 * The rules use antd's CSS variables (`var(--ant-…)`), which antd still writes at run time from the
 * theme (light or dark, the brand and contrast tokens, the components' tokens): only the structure is
 * static. They sit in `@layer antd`, below the app's own unlayered CSS, as the runtime's did by order
 * (its style elements came first in the head), whatever order the chunks' CSS files arrive in.
 */

const require = createRequire(import.meta.url)

/** A style module's hooks: the first argument of antd's hook factories (`'Button'`, `['Input', 'OTP']`). */
const HOOK = /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(\[[^\]]*\]|'[^']*')/g

export function hookNames(code: string): string[] {
  return [...code.matchAll(HOOK)].map((match) => {
    const cells = match[1].replace(/[[\]'\s]/g, '').split(',')
    // antd's cache path joins the cells; a plain name is its own sub-name (`Button-Button`).
    return (cells.length === 1 ? [cells[0], cells[0]] : cells).join('-')
  })
}

/** antd's CommonJS build as loaded here: components, their parts (`Input.TextArea`), functions. */
type Loose = { [key: string]: Loose }
type CreateElement = (type: unknown, props?: object | null, ...children: unknown[]) => unknown

const isComponent = (value: unknown) =>
  typeof value === 'function' || typeof (value as Loose | undefined)?.$$typeof === 'symbol'

/** Component elements that call every style hook antd has (each hook's path names its component). */
function elements(antd: Loose, h: CreateElement): unknown[] {
  const skip = new Set(['ConfigProvider', 'App', 'Watermark', 'message', 'notification', 'version', 'theme'])
  const plain = Object.entries(antd)
    .filter(([name, value]) => /^[A-Z]/.test(name) && !skip.has(name) && isComponent(value))
    .map(([name, Component]) => h(Component, { key: name }))
  const {
    App,
    Badge,
    Button,
    Cascader,
    Form,
    Input,
    Layout,
    Menu,
    Modal,
    Pagination,
    Space,
    Tag,
    Typography,
    message,
    notification,
  } = antd
  return [
    ...plain,
    h(App, { key: 'app' }, 'x'),
    h(Badge.Ribbon, { key: 'ribbon', text: 'x' }, 'x'),
    h(Button, { key: 'button' }, 'x'),
    h(Cascader.Panel, { key: 'cascader-panel' }),
    h(Form, { key: 'form' }, h(Form.Item, { label: 'x', help: 'x' }, h(Input))),
    h(Input.Search, { key: 'search' }),
    h(Input.TextArea, { key: 'textarea' }),
    h(Input.OTP, { key: 'otp' }),
    h(Input.Password, { key: 'password' }),
    h(Layout.Sider, { key: 'sider' }),
    h(Menu, { key: 'menu', items: [{ key: 'a', label: 'a' }] }),
    h(Modal._InternalPanelDoNotUseOrYouWillBeFired, { key: 'confirm', type: 'confirm' }),
    h(message._InternalPanelDoNotUseOrYouWillBeFired, { key: 'message' }),
    h(notification._InternalPanelDoNotUseOrYouWillBeFired, { key: 'notification' }),
    h(Space.Compact, { key: 'compact' }, h(Button, null, 'x')),
    h(Space.Addon, { key: 'addon' }, 'x'),
    // The bordered pagination's style is only drawn in the wireframe theme.
    h(antd.ConfigProvider, { key: 'bordered', theme: { token: { wireframe: true } } }, h(Pagination)),
    h(Tag, { key: 'preset', color: 'red' }, 'x'),
    h(Tag, { key: 'status', color: 'success' }, 'x'),
    h(Typography.Text, { key: 'text' }, 'x'),
  ]
}

/** Renders every hook once and answers the CSS of each component's hooks, keyed by component. */
export function extractAntdStyles(): Map<string, string> {
  const React = require('react')
  const { renderToString } = require('react-dom/server')
  const antd = require('antd/lib')
  const cssinjs = require('@ant-design/cssinjs/lib')
  const cache = cssinjs.createCache()
  for (const element of elements(antd, React.createElement)) {
    renderToString(
      React.createElement(
        cssinjs.StyleProvider,
        { cache, layer: true },
        React.createElement(antd.ConfigProvider, { theme: { hashed: false } }, element),
      ),
    )
  }
  const groups = new Map<string, string[]>()
  for (const key of cache.cache.keys() as Iterable<string>) {
    // `style%<hash id>%layer%<component>%<prefix>%<icon prefix>`
    if (!key.startsWith('style%')) continue
    const name = key.split('%').filter((part) => part !== '' && part !== 'layer')[1]
    groups.set(name, [...(groups.get(name) ?? []), key])
  }
  const css = new Map<string, string>()
  for (const [name, keys] of groups) {
    const one = {
      cache: new Map(keys.map((key) => [key, cache.cache.get(key)])),
      extracted: new Set(),
      updateTimes: cache.updateTimes,
    }
    const text: string = cssinjs.extractStyle(one, { plain: true, types: 'style' })
    css.set(name, text.replace(/\.data-ant-cssinjs-cache-path\{[^}]*\}/, ''))
  }
  return css
}

const STYLE_MODULE =
  /[\\/]antd[\\/]es[\\/](.+[\\/])?style[\\/][\w-]+\.js$|[\\/]antd[\\/]es[\\/]_util[\\/]wave[\\/]style\.js$/
/** The module every style hook is made by: it carries the styles all hooks share (`Shared`). */
const STYLE_UTILS = /[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/

/**
 * The shared link style: with hashed class names antd applied it to links that are its components
 * and links inside them (`a:where(.css-…)`, `:where(.css-…) a`); without them it would style every
 * link of the page.
 */
function scopeSharedLinks(css: string): string {
  const antd = '[class^="ant-"],[class*=" ant-"]'
  return css.replace(/(?<=[{},])a(?=[:{[,])/g, `:is(a:where(${antd}),:where(${antd}) a)`)
}

const FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'])

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

/** The style functions handed to antd's hook factories: the second argument of each call. */
function styleFunctions(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) styleFunctions(child, found)
  } else if (node && typeof node === 'object') {
    const call = node as Node & { callee?: Node & { name?: string }; arguments?: Node[] }
    if (call.type === 'CallExpression' && FACTORIES.has(call.callee?.name ?? '') && call.arguments?.[1]) {
      found.push(call.arguments[1])
    }
    for (const [key, child] of Object.entries(call)) if (key !== 'type') styleFunctions(child, found)
  }
  return found
}

/**
 * A style module without its style functions. With `zeroRuntime` antd's hooks return before calling
 * them (they only register the components' CSS variables, from the token functions, which stay), so
 * they are replaced by an empty one and what only they used drops out of the bundle.
 */
export function withoutStyleFunctions(code: string, program: unknown): string {
  let out = code
  for (const node of styleFunctions(program).sort((a, b) => b.start - a.start)) {
    const text = code.slice(node.start, node.end)
    const whole =
      node.type === 'Identifier' ? text === node.name : /^[\w(][\s\S]*=>[\s\S]*[\])}\w]$/.test(text)
    if (!whole)
      throw new Error(`antd-static-styles: unexpected style function ${node.type} "${text.slice(0, 40)}"`)
    out = `${out.slice(0, node.start)}() => []${out.slice(node.end)}`
  }
  return out
}

/** Writes each component's CSS into `folder` (once per antd version and version of this file). */
function writeStyles(folder: string): void {
  if (fs.existsSync(folder)) return
  const css = extractAntdStyles()
  css.set('Shared', scopeSharedLinks(css.get('Shared') ?? ''))
  // The icons' base style stays at run time: antd's ConfigProvider inserts it in any case.
  css.delete('ant-design-icons')
  fs.mkdirSync(`${folder}.tmp`, { recursive: true })
  for (const [name, text] of css) fs.writeFileSync(path.join(`${folder}.tmp`, `${name}.css`), text)
  fs.rmSync(folder, { recursive: true, force: true })
  fs.renameSync(`${folder}.tmp`, folder)
}

/**
 * The Vite side: writes each component's CSS under `node_modules/.antd-styles/<stamp>/` and adds
 * `import '…/<Component>.css'` to the style modules that define its hooks. The build fails when a
 * hook's CSS is missing (a new antd hook the renders above do not reach) rather than ship unstyled.
 */
export function antdStaticStyles(root: string): Plugin {
  const files = new Map<string, string>()
  return {
    name: 'antd-static-styles',
    buildStart() {
      const version: string = require('antd/package.json').version
      const source = fs.readFileSync(new URL(import.meta.url), 'utf8')
      const stamp = createHash('sha256').update(version).update(source).digest('hex').slice(0, 10)
      const folder = path.join(root, 'node_modules', '.antd-styles', stamp)
      writeStyles(folder)
      for (const file of fs.readdirSync(folder))
        files.set(file.replace(/\.css$/, ''), path.join(folder, file))
    },
    transform(code, id) {
      const names = STYLE_UTILS.test(id) ? ['Shared'] : STYLE_MODULE.test(id) ? hookNames(code) : []
      if (names.length === 0) return null
      const imports = names.map((name) => {
        const file = files.get(name)
        if (!file) throw new Error(`antd-static-styles: no CSS for antd's "${name}" hook (${id})`)
        return `import ${JSON.stringify(file)};`
      })
      const body = STYLE_UTILS.test(id) ? code : withoutStyleFunctions(code, this.parse(code))
      return { code: `${[...new Set(imports)].join('\n')}\n${body}`, map: null }
    },
  }
}
