import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The reference list page, built by the same Vite as the SPA; served under /reference-list/. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/reference-list/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../results/reference-list', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
})
