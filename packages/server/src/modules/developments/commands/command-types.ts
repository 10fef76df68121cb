import type { CommandName, CommandParams } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import type { ResourceContext } from '../../../resource/types'

/** What a command works with: the app (database, config), who runs it, and where its output goes. */
export interface CommandRun {
  app: FastifyInstance
  ctx: ResourceContext
  /** Adds a line to the command's output. */
  print: (line: string) => void
}

/** A command of the allowlist: a function of the server taking its validated parameters. */
export type Command<N extends CommandName> = (params: CommandParams<N>, run: CommandRun) => Promise<void>
