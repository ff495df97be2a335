import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The dashboard: built into dist/ (served by the service at /); `npm run dev` proxies /api to it. */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Hashed assets are compressed once at build, at the smallest settings (brotli 11, gzip 9): the
    // service sends these files as they are instead of compressing each answer at a faster level.
    compression({
      include: /\.(js|css|html|svg|json)$/,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  publicDir: 'public',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700 },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
