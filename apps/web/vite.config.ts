/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web compiles the contracts library from source, so it never waits for (or goes stale against)
// libs/contracts/dist. tsconfig.json carries the same mapping for the type checker.
const contractsSource = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

const srcDir = fileURLToPath(new URL('./src', import.meta.url));

// In development the API runs on the gateway; in production the gateway serves this build itself.
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@council/contracts': contractsSource, '@': srcDir } },
  // Contract DTOs are class-validator classes with legacy (TypeScript "experimental") decorators.
  // Oxc already follows each file's nearest tsconfig (libs/contracts/tsconfig.json extends the base,
  // which enables them), but we state it here so the transform never depends on tsconfig discovery:
  // without it Oxc leaves the `@Decorator` syntax in place, which no browser can parse.
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The preview serves the built client alone; behind the real stack the gateway serves it instead.
  preview: { port: 4173, proxy: {} },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
