// Vite build of the page: web/ -> dist/web, served by `nimber serve`; `vite` alone proxies /api to it.
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8310' } },
});
