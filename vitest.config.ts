import { defineConfig } from 'vitest/config'

/** Every package's tests in one run: `npx vitest run` (e2e has its own config). */
export default defineConfig({
  test: {
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
