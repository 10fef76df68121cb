import os from 'node:os'
import { defineConfig } from 'vitest/config'

/** Every package's tests in one run: `npx vitest run` (e2e has its own config). */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a two-core machine, where the files then
    // wait on PostgreSQL one after another. Two share the cores (quiet run: 235 s on one, 187 s on two).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/testing/global-setup.ts'],
          // Each file builds its own app on its own database, so the files can share one module graph:
          // the server's modules are imported once per worker instead of once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
})
