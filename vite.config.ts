import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The dashboard: built into dist/ (served by the service at /); `npm run dev` proxies /api to it. */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700 },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
