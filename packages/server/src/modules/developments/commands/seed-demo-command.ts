import { seedDemo } from '../../../db/seed/demo/seed-demo'
import type { Command } from './command-types'

/** Adds the demo insurance companies and products (those present are skipped). */
export const seedDemoCommand: Command<'seed-demo'> = async (_params, { app, print }) => {
  const result = await seedDemo(app.db)
  print(`Demo data: ${result.firms} companies and ${result.products} products added.`)
}
