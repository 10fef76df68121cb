import os from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import web, { FRESH_MODULE_TESTS } from './packages/web/vitest.config.ts'

/** Every package's tests in one run: `npx vitest run` (e2e has its own config). */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a two-core machine, where the files then
    // wait on PostgreSQL one after another. Two share the cores (quiet run: 235 s on one, 187 s on two).
    // On a PostgreSQL server the files' queries run in its processes, not the workers', so one worker more
    // than the cores keeps them busy (session 20, two cores: 175 s with two, 152 s with three, 143 s with
    // four, where a component test went over 5 s); PGlite's queries run inside the workers.
    maxWorkers: process.env.TEST_DATABASE_URL
      ? os.availableParallelism() + 1
      : Math.max(2, os.availableParallelism() - 1),
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
      // The components' files share one module graph per worker, as the server's do (importing React and
      // antd again for each file was most of their time: 87 s against 21 s); setup.ts puts the language
      // back before each file. Those that evaluate modules afresh keep a graph each.
      {
        ...web,
        test: { ...web.test, isolate: false, exclude: [...configDefaults.exclude, ...FRESH_MODULE_TESTS] },
      },
      { ...web, test: { ...web.test, name: 'web-fresh', include: FRESH_MODULE_TESTS } },
    ],
  },
})
