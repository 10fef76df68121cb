import { defineConfig } from 'vitest/config'

/** Browser flows in Chromium against the built app on the real server (run `npm run build` first). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits for what a user waits for (a search's answer, a job's end): vitest's 1 s default
    // failed a file-manager search at load 15 on two cores while the page was still answering.
    expect: { poll: { timeout: 10_000 } },
    // Two workers, each with a server of its own (support/global-setup): the files of a worker run one after another.
    maxWorkers: 2,
    // The files of a worker share the support modules (Playwright, the API helpers), imported once.
    isolate: false,
  },
})
