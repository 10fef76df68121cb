import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { antdLazyParts } from './antd-lazy-parts'
import { antdStaticStyles } from './antd-styles'
import { bootPreloads } from './boot-preloads'
import { createChunkPlan } from './chunk-plan'
import { compileHints } from './compile-hints'
import { createLanguageChunks } from './language-chunks'

const API_TARGET = 'http://localhost:8080'

/**
 * Vendor groups cached apart from the app; echarts and exceljs only ever load in lazy chunks. antd is
 * not one group: one antd chunk would carry every component any admin page uses into the first page
 * (505 kB gzip instead of 375 kB on /open/index). What the admin pages always load together is
 * planned from the module graph instead (chunk-plan.ts); the rest keeps the default splitting.
 * `BENCH_PASSWORD=… node bench/page-weight.mjs URL` prints the files and kB of each page it affects.
 */
const CHUNK_GROUPS = [
  {
    name: 'vendor-react',
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  {
    // Without <Trans> (and the HTML parser it brings): only a few forms use it, in their own chunks.
    name: 'vendor-i18n',
    test: /[\\/]node_modules[\\/](i18next[\\/]|react-i18next[\\/](?!.*Trans))/,
    priority: 30,
  },
  { name: 'vendor-echarts', test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/, priority: 40 },
  { name: 'vendor-exceljs', test: /[\\/]node_modules[\\/]exceljs[\\/]/, priority: 40 },
  {
    // A language's texts and antd's locale, loaded together: one chunk (language-chunks.ts).
    name: createLanguageChunks(fileURLToPath(new URL('.', import.meta.url))),
    includeDependenciesRecursively: false,
    priority: 40,
  },
  // Everything the entry imports loads on every page: one chunk (it was 26).
  { name: 'app', tags: ['$initial' as const], priority: 20 },
  {
    name: createChunkPlan(fileURLToPath(new URL('.', import.meta.url))),
    // Nothing the first pages load imports a planned module, so their imports need not come along.
    includeDependenciesRecursively: false,
    priority: 10,
  },
]

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    antdLazyParts(fileURLToPath(new URL('.', import.meta.url))),
    antdStaticStyles(fileURLToPath(new URL('.', import.meta.url))),
    bootPreloads(fileURLToPath(new URL('.', import.meta.url))),
    compileHints(fileURLToPath(new URL('.', import.meta.url))),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The shared package is pure TypeScript that builds zod schemas at module level. Its modules
      // are marked side-effect free and schema construction (`z.…(…)`) pure, so only what the SPA
      // imports is bundled (zod and the resource definitions stay out until a page needs them).
      treeshake: {
        manualPureFunctions: ['z'],
        // antd's building blocks (@rc-component/*, cssinjs, colors) declare no `sideEffects` and import
        // no CSS: marked free of them, a module only they re-export stays out when nothing uses it
        // (e.g. the whole of @rc-component/form came with antd's ConfigProvider into every first page).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          {
            test: /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](colors|cssinjs|cssinjs-utils|fast-color))[\\/]/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // A language's chunk is named by its group: front-<language> (language-chunks.ts).
        chunkFileNames: 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: CHUNK_GROUPS,
        },
      },
    },
  },
  server: {
    proxy: {
      '/web-api': { target: API_TARGET, changeOrigin: true },
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
})
