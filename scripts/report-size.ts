// Prints the gzip size of the JavaScript the login route loads, against the 150 KB goal
// (issue: Foundation). It follows the static imports of the entry chunk and adds the lazy
// chunks the login route pulls in, read from Vite's manifest-free output by parsing
// index.html and the import statements of each chunk.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const GOAL_KB = 150;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((m) => m[1]!);

// Static imports ("import ... from './x.js'" and bare side-effect imports) of a chunk.
function staticImports(file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.add(new URL(m[1]!, `file:///${dir}`).pathname.slice(1));
  }
  return [...found];
}

// The login route's lazy chunk: named after the login screen module by Rollup.
const assets = readdirSync(join(dist, 'assets'));
const loginChunks = assets.filter((f) => /^(login|login-screen|LoginScreen)[-.]/i.test(f) && f.endsWith('.js')).map((f) => `assets/${f}`);
const localeChunks = assets.filter((f) => /^en[-.][\w-]+\.js$/.test(f)).map((f) => `assets/${f}`);

const seen = new Set<string>();
const queue = [...entries, ...loginChunks, ...localeChunks];
while (queue.length > 0) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  queue.push(...staticImports(file));
}

let raw = 0;
let gz = 0;
const rows: string[] = [];
for (const file of [...seen].sort()) {
  const buf = readFileSync(join(dist, file));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push(`  ${(g / 1024).toFixed(1).padStart(7)} KB gz  ${file}`);
}
console.log('JS loaded for the login route (entry, its static imports, the login chunk, the en locale):');
console.log(rows.join('\n'));
console.log(`login route JS: ${(gz / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw), goal ≤ ${GOAL_KB} KB: ratio ${(gz / 1024 / GOAL_KB).toFixed(2)} of the goal`);
if (loginChunks.length === 0) console.log('note: no separate login chunk found; the login screen is in the entry bundle');
