// Writes a Brotli (.br) and a gzip (.gz) copy next to each compressible file of the build (dist/),
// once, at the best ratios, so the server sends compressed bytes without compressing per request
// (@fastify/static preCompressed, server/web/static.ts). A copy not smaller than its file is not kept.
// Usage: tsx scripts/precompress.ts [dir]   (default dist/)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|webmanifest|txt)$/; // not source maps: rarely served, and most of the bytes
/** Below this the header costs more than the bytes saved. */
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = gzipSync(raw, { level: 9 });
    totals.files += 1;
    totals.bytes += raw.length;
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    totals.brotli += Math.min(br.length, raw.length);
    totals.gzip += Math.min(gz.length, raw.length);
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
  const t = precompress(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${t.files} files: ${kb(t.bytes)} → Brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
}
