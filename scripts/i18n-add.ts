// Adds or replaces message keys in all five locale files at once, so translations are written
// together with their English source and the files stay sorted.
// Usage: npx tsx scripts/i18n-add.ts entries.json
//   entries.json: { "screen.element.purpose": { "en": "...", "hi": "...", "gu": "...", "mr": "...", "te": "..." } }
import { readFileSync, writeFileSync, existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = ['en', 'hi', 'gu', 'mr', 'te'] as const;
const dir = join(import.meta.dirname, '..', 'src', 'i18n', 'messages');

const file = process.argv[2];
if (!file) throw new Error('usage: tsx scripts/i18n-add.ts entries.json');
const entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;

for (const [id, texts] of Object.entries(entries)) {
  for (const locale of LOCALES) {
    if (typeof texts[locale] !== 'string' || texts[locale] === '') throw new Error(`${id} lacks a ${locale} text`);
  }
}
// Several people (or helpers) may merge keys at once: a lock directory makes the read-modify-write
// of the five files one step at a time.
const lock = join(dir, '.i18n-add.lock');
for (let tries = 0; ; tries++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (tries > 200) throw new Error(`${lock} is held; remove it if no i18n-add is running`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
for (const locale of LOCALES) {
  const path = join(dir, `${locale}.json`);
  const current = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
  for (const [id, texts] of Object.entries(entries)) current[id] = texts[locale]!;
  const sorted = Object.fromEntries(Object.entries(current).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path, JSON.stringify(sorted, null, 2) + '\n');
}
} finally {
  rmdirSync(lock);
}
console.log(`merged ${Object.keys(entries).length} keys into ${LOCALES.join(', ')}`);
