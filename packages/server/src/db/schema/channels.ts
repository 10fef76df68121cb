import { pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { serialId, sortIndexes, timestamps } from './columns'

/** Cooperative companies' agent systems; password holds the value encrypted. */
export const agentSystems = pgTable(
  'agent_systems',
  {
    id: serialId(),
    name: varchar({ length: 255 }).notNull().default(''),
    full_name: varchar({ length: 255 }).notNull().default(''),
    url: varchar({ length: 255 }).notNull().default(''),
    user_name: varchar({ length: 100 }).notNull().default(''),
    password: text().notNull().default(''),
    ip: varchar({ length: 100 }).notNull().default(''),
    mac: varchar({ length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [...sortIndexes('agent_systems', t.id, [t.created_at, t.updated_at])],
)
