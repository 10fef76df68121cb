import type { RegisteredRoute } from '../testing/route-table'

/**
 * Generates bad requests for a route of the route table: out-of-range integers, NUL characters,
 * lone surrogates, impossible dates, huge strings, wrong types, deep nesting, non-array ids and empty
 * filters, in the path, the query and the body. The route's OpenAPI entry says which parameters and
 * fields it reads and of what type: each field gets a value of its own type that the database cannot
 * take (the kind that passes validation and fails later), sometimes one of a wrong type. Seeded, so
 * a run can be repeated exactly.
 */

export interface BadRequest {
  method: string
  /** The concrete url with its query string. */
  url: string
  /** A JSON body as text, so that lone surrogates and huge numbers travel as written. */
  payload?: string
  /** What is bad about it, for the failure report. */
  label: string
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Bad values by the type a field declares, as JSON text. None is a valid id, so no delete removes a record. */
/** NUL and a lone surrogate: every text field is tried with it, besides one more bad text. */
const UNSTORABLE_TEXT = '"a\\u0000b\\ud800"'
const BAD_TEXTS = [
  '"\\u0000"',
  '"\\ud800x"',
  '"x\\udfff"',
  '"2024-02-31"',
  '"+275760-09-13"',
  '"-271821-04-20T00:00:00Z"',
  '"2147483648"',
  '"1,2147483648"',
  `"${'x'.repeat(70_000)}"`,
  `"${'['.repeat(5000)}${']'.repeat(5000)}"`,
]
const BAD_NUMBERS = ['2147483648', '-2147483649', '40000', '9007199254740993', '1e308', '1.5']
const BAD_LISTS = ['[2147483648]', '["a\\u0000b"]', '[[2147483648]]', '[{"a":"\\ud800"}]']
const BAD_ANY = [...BAD_TEXTS, ...BAD_NUMBERS, ...BAD_LISTS, 'true', 'null', '{}', '{"a\\u0000":"\\ud800"}']

const BAD_VALUES_OF: Record<string, string[]> = {
  string: BAD_TEXTS,
  integer: BAD_NUMBERS,
  number: BAD_NUMBERS,
  array: BAD_LISTS,
}

/** Bad query values, URL-encoded (every query value is text). */
const BAD_QUERY_VALUES = [
  '2147483648',
  '-2147483649%2C40000',
  '99999999999999999999',
  'a%00b',
  '%ED%A0%80',
  '%2B275760-09-13',
  '2024-02-31',
  '-271821-04-20',
  '2024-01-01%2C%2B275760-09-13',
  '2024-02-30%2C2024-02-31',
  '%2C',
  '%2C%2C',
  '1%2C2147483648',
  'x'.repeat(3000),
  '1e400',
]

const BAD_PATH_VALUES = [
  '2147483648',
  '-1',
  '99999999999999999999',
  '1.5',
  '%00',
  '%ED%A0%80',
  'x'.repeat(300),
]

/** Bad `ids` of a delete: out of range, not integers, objects instead of a list. */
const BAD_IDS = [
  '[2147483648]',
  '["2147483648"]',
  '"2147483648"',
  '[1.5]',
  '[true]',
  '["a\\u0000b"]',
  '[[2147483648]]',
  '{"0":2147483648}',
  '{"length":1,"0":2147483648}',
  '{"a":{"b":[2147483648]}}',
  '[{}]',
  '[null]',
]

const DEPTH = 20_000
const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`

/** Bodies nested far deeper than any route reads. */
const DEEP_BODIES: [string, string][] = [
  ['deep array', DEEP_ARRAY],
  ['deep field', `{"name":${DEEP_ARRAY},"description":${DEEP_OBJECT}}`],
]

/** Bodies that are bad whatever the route reads. */
const BAD_BODIES: [string, string][] = [
  ...DEEP_BODIES,
  [
    'NUL and lone surrogates in unknown fields',
    '{"zzz_unknown":"a\\u0000b","description":"\\ud800x","remark":"\\udc00"}',
  ],
  ['NUL in a key', '{"a\\u0000b":1}'],
  ['invalid JSON', '{"a":'],
]

const WRONG_BODY_TYPES = ['[1,2]', '"x"', '2147483648', 'null']

/** Import bodies: bad rows beside others, rows that are not objects, rows that are not a list. */
const BAD_IMPORTS: [string, string][] = [
  [
    'import rows with bad values',
    '{"datas":[{"id":2147483648,"name":"a\\u0000b"},{"name":"\\ud800"},{"id":"x"},{"parent_id":2147483648},1,null,[]]}',
  ],
  ['import rows as an object', '{"datas":{"0":{"name":"a"}}}'],
]

/** Names tried on routes whose document names none (they must ignore them or refuse them). */
const STRAY_NAMES = ['id', 'ids', 'name', 'page', 'created_at', 'keyword', 'url', 'description']

/** A JSON schema as the OpenAPI document holds it, as far as this generator reads it. */
interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  minLength?: number
  minimum?: number
  anyOf?: JsonSchema[]
}

/** The part of an OpenAPI document this generator reads. */
export interface ApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[]
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
      }
    >
  >
}

const typeOf = (schema: JsonSchema) => schema.type ?? schema.anyOf?.find((s) => s.type)?.type

/** A plausible value of a schema, so that one bad field is not hidden behind a missing one. */
function exampleOf(schema: JsonSchema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 'a'.repeat(schema.minLength ?? 1)
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1)
    case 'boolean':
      return true
    case 'array':
      return []
    default:
      return {}
  }
}

interface RouteInputs {
  query: string[]
  /** The body's fields with their declared types. */
  body: { name: string; type: string | undefined }[]
  /** The body's required fields with plausible values. */
  baseline: Record<string, unknown>
}

/** The query parameters and body fields the route's OpenAPI entry names. */
function inputsOf(document: ApiDocument, route: RegisteredRoute): RouteInputs {
  const path = route.url.replace(/:(\w+)/g, '{$1}')
  const operation = document.paths[path]?.[route.method.toLowerCase()]
  const query = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
  const schema = operation?.requestBody?.content?.['application/json']?.schema ?? {}
  const properties = schema.properties ?? {}
  const body = Object.entries(properties).map(([name, property]) => ({ name, type: typeOf(property) }))
  const baseline = Object.fromEntries(
    (schema.required ?? []).map((name) => [name, exampleOf(properties[name] ?? {})]),
  )
  return { query, body, baseline }
}

/** The baseline body with one field set to a bad value (JSON text). */
function withField(baseline: Record<string, unknown>, name: string, value: string): string {
  const { [name]: _, ...rest } = baseline
  const others = JSON.stringify(rest).slice(1, -1)
  return `{${others}${others ? ',' : ''}"${name}":${value}}`
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method)

/** Fills the path's parameters: `:id` with `id`, any other with `other`. */
function fillPath(url: string, id: string, other = id): string {
  return url.replace(/:id\b/g, id).replace(/:\w+/g, other)
}

/**
 * The bad requests for one route. `goodId` fills `:id` where the query or the body is the bad part,
 * so that an update reaches its validation; bad ids fill it where the path is the bad part. Each
 * parameter and field gets a bad value of its own (one bad value can hide another behind a 422).
 */
export function badRequestsFor(
  route: RegisteredRoute,
  document: ApiDocument,
  goodId: string,
  random: () => number,
): BadRequest[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]
  const some = <T>(list: readonly T[], count: number): T[] =>
    list.filter(() => random() < count / list.length)
  const requests: BadRequest[] = []
  const inputs = inputsOf(document, route)
  const write = isWrite(route.method)
  const base = fillPath(route.url, goodId, 'x')
  const add = (label: string, url: string, payload = write ? '{}' : undefined) =>
    requests.push({ method: route.method, url, label, ...(payload === undefined ? {} : { payload }) })

  if (/:\w+/.test(route.url)) {
    for (const value of some(BAD_PATH_VALUES, 3))
      add(`path ${value.slice(0, 20)}`, fillPath(route.url, value))
  }
  const queryNames = inputs.query.length > 0 ? inputs.query : some(STRAY_NAMES, 2)
  for (const name of queryNames) {
    const value = pick(BAD_QUERY_VALUES)
    add(`query ${name}=${value.slice(0, 30)}`, `${base}?${name}=${value}`)
  }
  if (!write) return requests

  const fields =
    inputs.body.length > 0 ? inputs.body : some(STRAY_NAMES, 2).map((name) => ({ name, type: '' }))
  for (const { name, type } of fields) {
    const values = [
      ...(type === 'string' ? [UNSTORABLE_TEXT] : []),
      pick(BAD_VALUES_OF[type ?? ''] ?? BAD_ANY),
      ...(random() < 0.25 ? [pick(BAD_ANY)] : []),
    ]
    for (const value of values) {
      add(`body ${name}: ${value.slice(0, 30)}`, base, withField(inputs.baseline, name, value))
    }
  }
  if (fields.some((field) => field.name === 'ids')) {
    for (const ids of some(BAD_IDS, 4)) add(`body ids: ${ids}`, base, `{"ids":${ids}}`)
  }
  if (fields.some((field) => field.name === 'datas')) {
    for (const [label, body] of BAD_IMPORTS) add(label, base, body)
  }
  for (const [label, body] of BAD_BODIES) add(label, base, body)
  add('wrong body type', base, pick(WRONG_BODY_TYPES))
  return requests
}

/** What an anonymous caller sends to a route that is not open: what reaches the body parser. */
export function anonymousRequestsFor(route: RegisteredRoute): BadRequest[] {
  if (!isWrite(route.method)) return []
  const url = fillPath(route.url, '1', 'x')
  return DEEP_BODIES.map(([label, body]) => ({ method: route.method, url, payload: body, label }))
}
