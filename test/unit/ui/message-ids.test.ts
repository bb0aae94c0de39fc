// Every message id the screens, app and ui name literally exists in all five locales, with the
// same placeholders as English (the i18n test checks locale parity; this checks our usage).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');
const locales = ['en', 'hi', 'gu', 'mr', 'te'] as const;
const messages = Object.fromEntries(locales.map((l) => [l, JSON.parse(readFileSync(join(root, 'src/i18n/messages', `${l}.json`), 'utf8')) as Record<string, string>]));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const used = new Set<string>();
for (const file of ['src/app', 'src/screens', 'src/ui'].flatMap((d) => files(join(root, d)))) {
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/\bid: '([a-z][\w.]+)'/g)) used.add(m[1]!);
  for (const m of code.matchAll(/id: `(home\.)\$\{\w+\}(\.[\w.]+)`/g)) for (const tab of ['discover', 'chat', 'post']) used.add(`${m[1]}${tab}${m[2]}`);
  if (code.includes('id: `home.tab.${t}`')) for (const tab of ['discover', 'chat', 'post']) used.add(`home.tab.${tab}`);
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('UI message ids', () => {
  it('finds the ids it checks', () => {
    expect(used.size).toBeGreaterThan(50);
    expect(used.has('home.tab.discover') && used.has('home.tab.post')).toBe(true);
  });
  for (const id of [...used].sort()) {
    it(id, () => {
      for (const l of locales) {
        expect(messages[l]![id], `${id} in ${l}`).toBeTypeOf('string');
        expect(placeholders(messages[l]![id]!), `${id} placeholders in ${l}`).toEqual(placeholders(messages.en![id]!));
      }
    });
  }
});
