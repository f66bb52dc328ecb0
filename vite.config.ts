/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkPlan, preloadStages } from './scripts/chunkPlan';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), chunkPlan(import.meta.dirname), preloadStages()],
  base: '/',
  build: {
    outDir: 'dist',
    manifest: true,
    chunkSizeWarningLimit: 4096,
  },
  server: {
    port: 5173,
    // In development the API runs separately (npm run dev:server); everything that is not a
    // client route goes to it.
    proxy: {
      '/emp': apiTarget,
      '/tpm': apiTarget,
      '/health': apiTarget,
      '/docs': apiTarget,
    },
  },
  test: {
    // ceilings for a loaded CI machine (the PostgreSQL restart test alone takes ~25 s there)
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['{schemas,server,runtime,designer,src,widgets,scripts}/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['{schemas,server,runtime,designer,src,widgets}/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./tests/setup-dom.ts'],
        },
      },
    ],
  },
});
