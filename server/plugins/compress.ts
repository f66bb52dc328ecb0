// Compression of the API's answers: br or gzip by the client's Accept-Encoding, for answers of
// at least `threshold` bytes (smaller ones cost more to compress than they save). Registered
// before the routes (it attaches to each route as it is added). The built client's files are
// compressed ahead of time (plugins/static.ts serves their .br/.gz twins); requests are never
// decompressed (no compressed request bodies: nothing to inflate past the body limit).
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

export async function registerCompression(app: FastifyInstance, threshold = 1024): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold,
    encodings: ['br', 'gzip'],
    // quality 4: most of brotli's gain at a fraction of the default's (11) CPU, per answer
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
