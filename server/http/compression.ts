// Compressed answers for phone networks (issue 20): JSON answers over 1 KB go out as Brotli or
// gzip, whichever the client takes (Accept-Encoding; `Vary: accept-encoding` is set). The built
// app's files are compressed once at build time (scripts/precompress.ts) and served by
// @fastify/static's preCompressed option, so they cost no CPU per request; media are already
// compressed formats and keep their byte ranges, so only JSON is compressed here.
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain too little to pay for the work (and a header). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json/,
    // Brotli's default quality (11) is meant for files compressed once; 4 compresses an answer in
    // about the time gzip takes, still smaller than gzip's.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
