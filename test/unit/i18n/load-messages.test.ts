import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessagesLoadStarted, loadMessages } from '../../../src/i18n/load-messages';

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
