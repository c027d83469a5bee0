// API answers above 1 KB go out brotli- or gzip-compressed when the client asks (Vary: Accept-Encoding).
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compression = fp(
  async (app: FastifyInstance) => {
    // Images are not compressible types and are left alone; the web app's files are precompressed at build time
    // and served as they are (plugins/web-pages.ts), so they are never compressed per request.
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
