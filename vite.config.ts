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
    rolldownOptions: {
      // antd's shared form context imports @rc-component/form's index, whose package does not say
      // it is free of side effects: every page carried the whole form library (Field, useForm,
      // async-validator) for one provider. Its modules have none (issue 16: the frame's size).
      treeshake: {
        moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(id) ? false : undefined),
      },
    },
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
