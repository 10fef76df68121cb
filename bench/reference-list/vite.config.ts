import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The reference pages, built by the same Vite as the SPA: the bare list (index.html, served under
 * /reference-list/) or, with REFERENCE_PAGE=stack, the stack reference (stack.html, served under
 * /reference-stack/). Each is its own build, so the two share no chunk.
 */
const stack = process.env.REFERENCE_PAGE === 'stack'
const name = stack ? 'reference-stack' : 'reference-list'
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: `/${name}/`,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL(`../results/${name}`, import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: fileURLToPath(new URL(stack ? 'stack.html' : 'index.html', import.meta.url)) },
  },
})
