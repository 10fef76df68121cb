import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * The tests that evaluate modules afresh (`vi.mock`, `vi.resetModules`): they run in a project of their
 * own, each file in its own module graph (the root vitest.config.ts).
 */
export const FRESH_MODULE_TESTS = [
  'src/api/boot-requests.test.ts',
  'src/api/menus.test.ts',
  'src/components/LazyAlert.test.tsx',
  'src/components/charts/TrendChart.test.tsx',
]

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    // The build's own modules (the chunk plan's graph walk) beside the SPA's.
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Typing into antd forms in jsdom takes seconds on a busy 2-core machine.
    testTimeout: 15_000,
  },
})
