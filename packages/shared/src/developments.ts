import { z } from 'zod'
import { integer, message, requiredText } from './resources/field-rules'
import { password, userName } from './validation/rules'

/**
 * The developer console's commands (SPEC §2 "development assistance"): an allowlist, each a
 * function of the server with its parameters. Nothing else can be run: no shell, no code.
 */
export const COMMAND_NAMES = [
  'migrate',
  'seed',
  'seed-demo',
  'clear-caches',
  'create-admin',
  'reset-password',
  'rotate-api-key',
] as const
export type CommandName = (typeof COMMAND_NAMES)[number]

/** A parameter as the console's form shows it; its label is `fields.<name>`. */
export interface CommandParam {
  name: string
  input: 'text' | 'password' | 'number'
  required: boolean
  default?: string | number
}

export interface CommandSpec {
  name: CommandName
  params: CommandParam[]
}

/** The parameters of each command, validated alike by the console's form and the server. */
export const COMMAND_PARAM_SCHEMAS = {
  migrate: z.object({}),
  seed: z.object({}),
  'seed-demo': z.object({}),
  'clear-caches': z.object({}),
  'create-admin': z.object({
    uname: userName(),
    name: requiredText(50),
    password: password(),
    role_id: integer({ min: 1, max: 2_147_483_647 }).default(1),
  }),
  /** The account by its name, e-mail or mobile number, as login takes it. */
  'reset-password': z.object({ uname: requiredText(255), password: password() }),
  'rotate-api-key': z.object({}),
} satisfies Record<CommandName, z.ZodObject>

export type CommandParams<N extends CommandName> = z.infer<(typeof COMMAND_PARAM_SCHEMAS)[N]>

/** `POST /admin/developments/command`: `{command, ...its parameters}`; the parameters are checked per command. */
export const ZCommandSchema = z
  .object({ command: z.enum(COMMAND_NAMES, message('in')) })
  .catchall(z.unknown())

export const COMMANDS: CommandSpec[] = [
  { name: 'migrate', params: [] },
  { name: 'seed', params: [] },
  { name: 'seed-demo', params: [] },
  { name: 'clear-caches', params: [] },
  {
    name: 'create-admin',
    params: [
      { name: 'uname', input: 'text', required: true },
      { name: 'name', input: 'text', required: true },
      { name: 'password', input: 'password', required: true },
      { name: 'role_id', input: 'number', required: true, default: 1 },
    ],
  },
  {
    name: 'reset-password',
    params: [
      { name: 'uname', input: 'text', required: true },
      { name: 'password', input: 'password', required: true },
    ],
  },
  { name: 'rotate-api-key', params: [] },
]

/** What a command answers: its output lines, whether it succeeded, how long it took. */
export interface CommandResult {
  command: CommandName
  ok: boolean
  output: string[]
  duration_ms: number
}

/** A column of a database table, as `GET /admin/developments/tables` lists it. */
export interface TableColumn {
  name: string
  type: string
  nullable: boolean
  default: string | null
  comment: string
}

export interface TableInfo {
  name: string
  comment: string
  columns: TableColumn[]
}
