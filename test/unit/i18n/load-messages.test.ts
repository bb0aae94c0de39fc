import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessagesLoadStarted, loadBootMessages, loadMessages } from '../../../src/i18n/load-messages';
import { isBootMessageId } from '../../../src/i18n/boot-messages';

const SOURCE = readFileSync(join(import.meta.dirname, '..', '..', '..', 'src', 'i18n', 'load-messages.ts'), 'utf8');

describe('loadMessages', () => {
  it('loads one locale only, on demand', async () => {
    expect(isMessagesLoadStarted('gu')).toBe(false);
    const gu = await loadMessages('gu');
    expect(gu['dialog.action.ok']).toBe('ઠીક છે');
    expect(isMessagesLoadStarted('gu')).toBe(true);
    expect(isMessagesLoadStarted('te')).toBe(false);
  });

  it('returns the same frozen map on the next call', async () => {
    const a = await loadMessages('hi');
    const b = await loadMessages('hi');
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('falls back to English for unknown codes', async () => {
    const en = await loadMessages('xx');
    expect(en['dialog.action.ok']).toBe('OK');
    expect(await loadMessages(null)).toBe(en);
  });

  it('imports each locale dynamically, never statically (one chunk per locale)', () => {
    expect(SOURCE).not.toMatch(/^import [^'"]*from '\.\/messages\//m);
    for (const code of ['en', 'hi', 'gu', 'mr', 'te']) expect(SOURCE).toContain(`import('./messages/${code}.json')`);
  });
});

describe('loadBootMessages', () => {
  it('loads only the login route’s ids of a locale (boot-messages.ts), in that locale', async () => {
    const mr = await loadBootMessages('mr');
    const ids = Object.keys(mr);
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.every(isBootMessageId)).toBe(true);
    const whole = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'src', 'i18n', 'messages', 'mr.json'), 'utf8')) as Record<string, string>;
    expect(ids.sort()).toEqual(Object.keys(whole).filter(isBootMessageId).sort());
    expect(mr['dialog.action.ok']).toBe(whole['dialog.action.ok']);
    expect(Object.keys(whole).length).toBeGreaterThan(ids.length * 3);
  });

  it('answers the whole locale when it is already loaded (no second download)', async () => {
    const whole = await loadMessages('te');
    expect(await loadBootMessages('te')).toBe(whole);
  });

  it('every id the login screen, the app shell and the error catalogue use is a boot id', () => {
    const files = ['src/screens/login/login-screen.tsx', 'src/screens/login/product-panel.tsx', 'src/screens/shared/language-switcher.tsx', 'src/ui/offline-banner.tsx', 'src/ui/phone-field.tsx', 'src/ui/country-select.tsx', 'src/app/splash.tsx', 'src/app/route-error.tsx', 'src/app/not-found.tsx', 'src/app/crash-screen.tsx'];
    const en = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'src', 'i18n', 'messages', 'en.json'), 'utf8')) as Record<string, string>;
    for (const file of files) {
      const source = readFileSync(join(import.meta.dirname, '..', '..', '..', file), 'utf8');
      const used = [...source.matchAll(/['"`]([a-zA-Z0-9]+\.[a-zA-Z0-9.]+)['"`]/g)].map((m) => m[1]!).filter((id) => id in en);
      for (const id of used) expect(isBootMessageId(id), `${file}: ${id}`).toBe(true);
    }
  });
});
