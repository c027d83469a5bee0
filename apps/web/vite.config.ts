import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * React Router ships a production build beside the development one but its package exports only the latter,
 * whose warnings and checks cost ~3 KB gzipped of the first load: the production build is used outright.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

const API = process.env.MITREBOX_API_URL ?? 'http://localhost:3000';

/**
 * The API answers /api and /cdn, plus a few older root calls (sign-in, password reset, e-mail check).
 * Some of those paths are also screens of the app (/login, /reset-password/…): a browser navigation
 * (GET asking for HTML) stays with the dev server, every other request goes to the API.
 */
const toApi: ProxyOptions = {
  target: API,
  changeOrigin: true,
  bypass(req) {
    if (req.method === 'GET' && req.headers.accept?.includes('text/html')) return '/index.html';
    return undefined;
  },
};

export default defineConfig({
  plugins: [
    react(),
    // Every text asset also as .br and .gz beside it, served by @fastify/static's preCompressed (ADR 005).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|css|js|mjs|json|svg|txt|webmanifest)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [{ find: /^react-router$/, replacement: reactRouterProduction }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: what each entry and route chunk loads; read by the first-load budget test
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The packages the entry imports (React, React Router, TanStack Query, Mantine's first parts…) in one
          // file: left to the bundler they came in 9 more small files a page, each a request, a modulepreload and a
          // module record (18 → 9 files, 149.9 → 146.4 KB gzipped; budget.test.ts holds the count). Packages of
          // the lazy screens keep the bundler's own split: merging them made pages load code they do not use.
          groups: [{ name: 'first', tags: ['$initial'], test: /node_modules/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/cdn': { target: API, changeOrigin: true },
      '/login': toApi,
      '/forgot-password': toApi,
      '/forgotEmail': toApi,
      '/reset-password': toApi,
      '/reset-password-check': toApi,
      '/verifyEmail': toApi,
      '/loginProblems': toApi,
    },
  },
  preview: { port: 4173 },
});
