// Prints the gzip size of the JavaScript the login route loads, against the 150 KB goal of the
// foundation issue: the entry chunk, the login screen's lazy chunk and the English messages,
// each with its static imports (read from Vite's manifest), and the sync worker that boot
// starts, reported on its own line and in the total.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

const dist = join(import.meta.dirname, '..', 'dist');
const GOAL_KB = 150;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const roots = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isEntry || /src\/screens\/login\/login-screen\.tsx$/.test(key) || /src\/i18n\/messages\/en\.json$/.test(key))
  .map(([key]) => key);

const files = new Set<string>();
const queue = [...roots];
while (queue.length > 0) {
  const key = queue.shift()!;
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) continue;
  files.add(chunk.file);
  queue.push(...(chunk.imports ?? []));
}
const worker = readdirSync(join(dist, 'assets')).filter((f) => /^sync\.worker-.*\.js$/.test(f)).map((f) => `assets/${f}`);

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let page = 0;
console.log('\nJS the login route loads (gzip):');
for (const file of [...files].sort()) {
  const size = gz(file);
  page += size;
  console.log(`  ${kb(size).padStart(9)}  ${file}`);
}
let workerSize = 0;
for (const file of worker) {
  workerSize += gz(file);
  console.log(`  ${kb(workerSize).padStart(9)}  ${file} (sync worker, started at boot)`);
}
console.log(`page: ${kb(page)}, worker: ${kb(workerSize)}, total: ${kb(page + workerSize)}`);
console.log(`goal ≤ ${GOAL_KB} KB: page ${(page / 1024 / GOAL_KB).toFixed(2)}× the goal, page + worker ${((page + workerSize) / 1024 / GOAL_KB).toFixed(2)}× the goal\n`);
if (roots.length < 3) console.log(`note: found ${roots.length} of 3 roots (entry, login screen, en messages) in the manifest`);
