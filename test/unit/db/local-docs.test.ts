import { afterEach, describe, expect, test } from 'vitest';
import { firstValueFrom, filter, take, toArray } from 'rxjs';
import type { AppDatabase } from '../../../src/db/database';
import {
  ensureSession,
  getLocalDoc,
  modifyLocalDoc,
  observeLocalDoc$,
  patchLocalDoc,
  readLocalDoc,
  removeLocalDoc,
  setLocalDoc,
} from '../../../src/db/local-store';
import { DEFAULT_AUTH_FLOW, DEFAULT_SETTINGS, appLanguageFor } from '../../../src/db/defaults';
import { openTestDatabase } from './helpers/fake-db';

const open: AppDatabase[] = [];
async function db(): Promise<AppDatabase> {
  const d = await openTestDatabase();
  open.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

describe('local documents', () => {
  test('absent documents read as null, or as the given default', async () => {
    const d = await db();
    expect(await getLocalDoc(d, 'settings')).toBeNull();
    expect(await readLocalDoc(d, 'settings', DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  test('set, patch and modify round-trip', async () => {
    const d = await db();
    await setLocalDoc(d, 'app-language', appLanguageFor('hi', true));
    expect(await getLocalDoc(d, 'app-language')).toEqual({ code: 'hi', name: 'हिंदी', sttLanguageCode: 'hi-IN', chosen: true });

    await patchLocalDoc(d, 'settings', { homeTab: 'chat' }, DEFAULT_SETTINGS);
    await patchLocalDoc(d, 'settings', { boldText: true }, DEFAULT_SETTINGS);
    expect(await getLocalDoc(d, 'settings')).toEqual({ ...DEFAULT_SETTINGS, homeTab: 'chat', boldText: true });

    await modifyLocalDoc(d, 'auth-flow', (cur) => ({ ...(cur ?? DEFAULT_AUTH_FLOW), mobile: '+919876543210' }));
    expect((await getLocalDoc(d, 'auth-flow'))?.mobile).toBe('+919876543210');
  });

  test('concurrent patches of different fields are all kept', async () => {
    const d = await db();
    await Promise.all([
      patchLocalDoc(d, 'settings', { homeTab: 'post' }, DEFAULT_SETTINGS),
      patchLocalDoc(d, 'settings', { boldText: true }, DEFAULT_SETTINGS),
      patchLocalDoc(d, 'settings', { sizeScale: 1.2 }, DEFAULT_SETTINGS),
    ]);
    expect(await getLocalDoc(d, 'settings')).toEqual({ ...DEFAULT_SETTINGS, homeTab: 'post', boldText: true, sizeScale: 1.2 });
  });

  test('remove makes it absent, and it can be written again', async () => {
    const d = await db();
    await setLocalDoc(d, 'settings', DEFAULT_SETTINGS);
    await removeLocalDoc(d, 'settings');
    expect(await getLocalDoc(d, 'settings')).toBeNull();
    await patchLocalDoc(d, 'settings', { homeTab: 'chat' }, DEFAULT_SETTINGS);
    expect((await getLocalDoc(d, 'settings'))?.homeTab).toBe('chat');
  });

  test('observe$ emits the current value, then changes, then null on removal', async () => {
    const d = await db();
    const seen = firstValueFrom(observeLocalDoc$(d, 'settings').pipe(take(4), toArray()));
    await new Promise((r) => setTimeout(r, 0));
    await setLocalDoc(d, 'settings', DEFAULT_SETTINGS);
    await patchLocalDoc(d, 'settings', { homeTab: 'chat' }, DEFAULT_SETTINGS);
    await removeLocalDoc(d, 'settings');
    const values = await seen;
    expect(values.map((v) => v?.homeTab ?? null)).toEqual([null, 'discover', 'chat', null]);
  });

  test('the session is created once with a random device id that is then kept', async () => {
    const d = await db();
    const first = await ensureSession(d);
    expect(first.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.token).toBeNull();
    const again = await ensureSession(d);
    expect(again.deviceId).toBe(first.deviceId);
  });

  test('observe$ waits for a value written later', async () => {
    const d = await db();
    const next = firstValueFrom(observeLocalDoc$(d, 'auth-flow').pipe(filter((v) => v !== null)));
    await patchLocalDoc(d, 'auth-flow', { mobile: '+6512345678' }, DEFAULT_AUTH_FLOW);
    expect((await next)?.mobile).toBe('+6512345678');
  });
});

describe('device id', () => {
  test('a v4 UUID, also without crypto.randomUUID (plain http on a LAN address)', async () => {
    const { newDeviceId } = await import('../../../src/db/device-id');
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newDeviceId()).toMatch(v4);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newDeviceId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(v4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
