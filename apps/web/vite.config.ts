import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { preloadAppCode } from './build/preload-app-code';

const backend = 'http://localhost:8080';

// The Fastify server serves the built app from apps/web/dist at the same origin as the API.
export default defineConfig({
  plugins: [react(), preloadAppCode(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The entry chunk carries MUI's core, zod and TanStack Query: about 140 KB with brotli.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases.
        // Every other library goes with the code that uses it, so a page loads only what it
        // needs (MUI's form controls, zod and react-hook-form wait for the forms).
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) {
            return 'react';
          }
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/rssp': backend,
      '/rdss': backend,
      '/oidc': backend,
    },
  },
});
