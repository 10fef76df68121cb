import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * The server processes that answer on this database, each with the address its peers reach it at
 * (the log viewer asks each node for its own files). A node renews `seen_at` while it runs and
 * removes its row when it stops; one not seen for a while is gone.
 */
export const clusterNodes = pgTable('cluster_nodes', {
  node_id: varchar({ length: 100 }).primaryKey(),
  address: varchar({ length: 300 }).notNull(),
  started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  seen_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
