// Prints the gzip size of the JavaScript the login route loads, against the 150 KB goal of the
// foundation issue. Three parts, read from Vite's manifest:
//  1. before the login screen: the entry chunk, the login screen's lazy chunk and the English
//     messages, each with its static imports (what a first visit parses before it can type);
//  2. the data client, which a signed-out start fetches once that screen's code is in
//     (src/app/boot-hint.ts): src/db/database.ts (RxDB, Dexie) and the worker's page-side client,
//     with their static imports not already in part 1;
//  3. the sync worker the client starts.
// The goal is read against part 1 (the page's JS before the login screen), and the total is
// printed too. test/e2e/login-route.test.ts prints the same figure as a browser fetched it.
// `--modules` adds the heaviest source modules of part 1 (from the source maps).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

const dist = join(import.meta.dirname, '..', 'dist');
const GOAL_KB = 150;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const keysMatching = (test: (key: string, chunk: ManifestChunk) => boolean) =>
  Object.entries(manifest).filter(([key, chunk]) => test(key, chunk)).map(([key]) => key);

/** The files of `roots` and their static imports, leaving out those in `known`. */
function closure(roots: string[], known: Set<string> = new Set()): Set<string> {
  const files = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const key = queue.shift()!;
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || known.has(chunk.file) || !chunk.file.endsWith('.js')) continue;
    files.add(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

const loginRoots = keysMatching((key, chunk) => !!chunk.isEntry || /src\/screens\/login\/login-screen\.tsx$/.test(key) || /src\/i18n\/messages\/en\.json\?boot$/.test(key));
// (the boot-chunks group `data` holds both, so its chunk is the root when they have none of their own)
const clientRoots = keysMatching((key, chunk) => /src\/db\/database\.ts$/.test(key) || /src\/workers\/sync-client\.ts$/.test(key) || /^assets\/data-[^/]*\.js$/.test(chunk.file));
const beforeLogin = closure(loginRoots);
const dataClient = closure(clientRoots, beforeLogin);
const worker = readdirSync(join(dist, 'assets')).filter((f) => /^sync\.worker-.*\.js$/.test(f)).map((f) => `assets/${f}`);

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printPart(title: string, files: Iterable<string>, note = ''): number {
  let sum = 0;
  console.log(title);
  for (const file of [...files].sort()) {
    const size = gz(file);
    sum += size;
    console.log(`  ${kb(size).padStart(9)}  ${file}${note}`);
  }
  return sum;
}

console.log('');
const page = printPart('JS the login route loads before the login screen (gzip):', beforeLogin);
const client = printPart('then, once that screen is in, the data client (RxDB, the worker client):', dataClient);
const workerSize = printPart('then the sync worker it starts:', worker, ' (sync worker)');
console.log(`before the login screen: ${kb(page)}, data client: ${kb(client)}, worker: ${kb(workerSize)}, total: ${kb(page + client + workerSize)}`);
console.log(`goal ≤ ${GOAL_KB} KB before the login screen: ${(page / 1024 / GOAL_KB).toFixed(2)}× the goal (${page / 1024 <= GOAL_KB ? 'met' : 'NOT met'}); everything ${((page + client + workerSize) / 1024 / GOAL_KB).toFixed(2)}× the goal\n`);
if (loginRoots.length < 3) console.log(`note: found ${loginRoots.length} of 3 roots (entry, login screen, en messages) in the manifest`);
if (clientRoots.length === 0) console.log('note: found no data-client root (src/db/database.ts, src/workers/sync-client.ts or the data group) in the manifest');

/**
 * Bytes of each source module in `files`, scaled by each chunk's gzip ratio (an estimate). Uses
 * source-map-js, which Vite's toolchain installs (not a dependency of ours: loaded only here).
 */
async function modulesOf(files: Iterable<string>): Promise<Map<string, number>> {
  const { SourceMapConsumer } = await import('source-map-js');
  const total = new Map<string, number>();
  for (const file of files) {
    const mapPath = join(dist, `${file}.map`);
    if (!existsSync(mapPath)) continue;
    const code = readFileSync(join(dist, file), 'utf8');
    const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')));
    const lineStarts: number[] = [];
    let offset = 0;
    for (const line of code.split('\n')) {
      lineStarts.push(offset);
      offset += line.length + 1;
    }
    const segments: { at: number; source: string }[] = [];
    consumer.eachMapping((m) => segments.push({ at: lineStarts[m.generatedLine - 1]! + m.generatedColumn, source: m.source ?? '?' }));
    segments.sort((a, b) => a.at - b.at);
    const ratio = gz(file) / code.length;
    segments.forEach((s, i) => {
      const end = segments[i + 1]?.at ?? code.length;
      const name = s.source.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1').replace(/^(\.\.\/)+/, '');
      total.set(name, (total.get(name) ?? 0) + (end - s.at) * ratio);
    });
  }
  return total;
}

if (process.argv.includes('--modules')) {
  console.log('heaviest modules before the login screen (gzip, estimated from the source maps; packages summed):');
  for (const [name, bytes] of [...(await modulesOf(beforeLogin))].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${kb(bytes).padStart(9)}  ${name}`);
  console.log('');
}
