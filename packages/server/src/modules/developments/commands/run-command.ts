import { COMMAND_PARAM_SCHEMAS, type CommandName, type CommandResult } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../../errors'
import { writeOperationLog } from '../../../operation-log/write-operation-log'
import { invalidFields, issuesOfZod } from '../../../resource/field-errors'
import type { ResourceContext } from '../../../resource/types'
import { clearCachesCommand } from './clear-caches-command'
import type { Command } from './command-types'
import { createAdminCommand } from './create-admin-command'
import { migrateCommand } from './migrate-command'
import { resetPasswordCommand } from './reset-password-command'
import { rotateApiKeyCommand } from './rotate-api-key-command'
import { seedCommand } from './seed-command'
import { seedDemoCommand } from './seed-demo-command'

/** The allowlist: the only things the console can run. */
const COMMAND_FUNCTIONS: { [N in CommandName]: Command<N> } = {
  migrate: migrateCommand,
  seed: seedCommand,
  'seed-demo': seedDemoCommand,
  'clear-caches': clearCachesCommand,
  'create-admin': createAdminCommand,
  'reset-password': resetPasswordCommand,
  'rotate-api-key': rotateApiKeyCommand,
}

/** The log keeps at most this much of a command's output. */
const MAX_LOGGED_OUTPUT = 64 * 1024

/**
 * Runs a command of the allowlist with its parameters (422 when they are not valid) and writes it
 * to the operation log with its output, passwords left out. A failure of the work itself is an
 * answer too (`ok: false` and the error's message), logged like a success: the developer needs to
 * see why a migration failed. Refusals (AppError: bad input, no access) are answered as errors.
 */
export async function runCommand(
  app: FastifyInstance,
  ctx: ResourceContext,
  body: { command: CommandName } & Record<string, unknown>,
): Promise<CommandResult> {
  const name = body.command
  const { command: _, ...raw } = body
  const parsed = COMMAND_PARAM_SCHEMAS[name].safeParse(raw)
  if (!parsed.success) throw invalidFields(ctx.language, issuesOfZod(parsed.error.issues))
  const output: string[] = []
  const started = performance.now()
  let ok = true
  try {
    await (COMMAND_FUNCTIONS[name] as Command<CommandName>)(parsed.data as never, {
      app,
      ctx,
      print: (line) => output.push(line),
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    ok = false
    output.push(`Failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  const result = { command: name, ok, output, duration_ms: Math.round(performance.now() - started) }
  // After the work, alone: a command runs its own transactions (a migration, a seed) or none (the
  // caches), and what it printed is what the entry keeps.
  await writeOperationLog(app.db, {
    menu: { url: ctx.menuUrl, method: ctx.method },
    method: ctx.method,
    userId: ctx.userId,
    ip: ctx.ip,
    url: ctx.url,
    parameters: body,
    output: JSON.stringify({ ok, output }).slice(0, MAX_LOGGED_OUTPUT),
  })
  return result
}
