// The version check and the remote config of the engine (spec part 1 §4 "App update", "Remote
// config"), with a manual clock and a scripted fetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../src/api/contract';
import { DEFAULT_REMOTE_FLAGS } from '../../../src/api/remote-flags';
import type { AppDatabase } from '../../../src/db/database';
import { getLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { newSession } from '../../../src/db/defaults';
import { REMOTE_CONFIG_FETCH_TIMEOUT_MS, REMOTE_CONFIG_MIN_INTERVAL_MS, UPDATE_PROMPT_MIN_GAP_MS, VERSION_CHECK_INTERVAL_MS } from '../../../src/domain/constants';
import { createConnectivity } from '../../../src/sync/chat-sync';
import { flagsFromAnswer, mergeFlags, startAppChecks, type AppChecks } from '../../../src/sync/app-checks';
import { sanitizeFlags } from '../../../src/sync/wire-checks';
import { createHttpClient, type Clock } from '../../../src/sync/http-client';
import { openTestDatabase } from '../db/helpers/fake-db';

const START = 1_700_000_000_000;

function manualClock() {
  let time = START;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock & { advance(ms: number): void; pending(): number } = {
    now: () => time,
    setTimeout(fn, ms) {
      seq += 1;
      timers.set(seq, { at: time + ms, fn });
      return seq;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = time + ms;
      for (;;) {
        const next = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        timers.delete(next[0]);
        time = next[1].at;
        next[1].fn();
      }
      time = end;
    },
    pending: () => timers.size,
  };
  return clock;
}

interface Seen { url: string; cache: RequestCache | undefined }

function server() {
  const seen: Seen[] = [];
  let versionCode = 100;
  let flags: unknown = { posts_enable: false, hidden_bots: ['1000000000000002'] };
  let down = false;
  let hang = false;
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = String(input);
    seen.push({ url, cache: init?.cache });
    if (down) return Promise.reject(new TypeError('fetch failed'));
    if (hang) {
      return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    const path = new URL(url, 'http://app.test').pathname;
    if (path === '/version.json') return Promise.resolve(Response.json({ version_code: versionCode, version_name: 'x' }));
    if (path === '/api/config/get-remote-config') return Promise.resolve(Response.json(flags));
    return Promise.resolve(new Response('{}', { status: 404 }));
  };
  return {
    fetch,
    seen,
    versions: () => seen.filter((s) => s.url.includes('/version.json')),
    configs: () => seen.filter((s) => s.url.includes('get-remote-config')),
    setVersion: (v: number) => { versionCode = v; },
    setFlags: (f: unknown) => { flags = f; },
    setDown: (v: boolean) => { down = v; },
    setHang: (v: boolean) => { hang = v; },
  };
}

let checks: AppChecks | null = null;
let db: AppDatabase | null = null;
afterEach(async () => {
  checks?.close();
  checks = null;
  await db?.close();
  db = null;
});

async function setup(opts: { signedIn?: boolean; build?: number } = {}) {
  db = await openTestDatabase();
  const session = newSession('dev-1');
  await setLocalDoc(db, 'session', opts.signedIn === false ? session : { ...session, mobile: '+919876543210', token: 'a'.repeat(32) });
  const clock = manualClock();
  const api = server();
  const connectivity = createConnectivity();
  const http = createHttpClient({
    fetch: api.fetch, origin: '', versionName: 't', clock,
    context: () => ({ mobile: '+919876543210', sessionId: 'a'.repeat(32), deviceId: 'dev-1', isStandalone: false, language: 'en' }),
  });
  checks = startAppChecks({ db, http, clock, fetch: api.fetch, origin: '', connectivity, buildVersionCode: opts.build ?? 100, log: () => {} });
  return { db, clock, api, connectivity, checks };
}

describe('version check', () => {
  it('asks /version.json with a cache-busting time every 60 s while signed in', async () => {
    const { clock, api } = await setup();
    await vi.waitFor(() => expect(api.versions()).toHaveLength(1));
    expect(api.versions()[0]!.url).toBe(`/version.json?t=${START}`);
    expect(api.versions()[0]!.cache).toBe('no-store');
    clock.advance(VERSION_CHECK_INTERVAL_MS - 1);
    expect(api.versions()).toHaveLength(1);
    clock.advance(1);
    await vi.waitFor(() => expect(api.versions()).toHaveLength(2));
    expect(api.versions()[1]!.url).toBe(`/version.json?t=${START + VERSION_CHECK_INTERVAL_MS}`);
  });

  it('does not check (nor fetch the remote config) while signed out', async () => {
    const { checks: c, api } = await setup({ signedIn: false });
    expect(await c.checkVersion()).toBe('not-signed-in');
    expect(await c.refreshRemoteConfig()).toBe('not-signed-in');
    expect(api.seen).toHaveLength(0);
  });

  it('a newer version_code raises the update dialog, at most once a day', async () => {
    const { db: d, clock, api, checks: c } = await setup({ build: 100 });
    await vi.waitFor(() => expect(api.versions()).toHaveLength(1));
    // the periodic loop stops here: the test calls the check itself while the day passes
    c.close();
    expect(await c.checkVersion()).toBe('current');
    expect((await getLocalDoc(d, 'sync-status'))?.updateAvailable ?? false).toBe(false);
    api.setVersion(101);
    expect(await c.checkVersion()).toBe('newer-prompted');
    expect((await getLocalDoc(d, 'sync-status'))?.updateAvailable).toBe(true);
    expect(await getLocalDoc(d, 'update-prompt')).toEqual({ lastPromptAt: clock.now(), latestVersionCode: 101 });
    // declined: the flag is cleared; the next checks the same day stay quiet
    await setLocalDoc(d, 'sync-status', { ...(await getLocalDoc(d, 'sync-status'))!, updateAvailable: false });
    clock.advance(UPDATE_PROMPT_MIN_GAP_MS - 1);
    expect(await c.checkVersion()).toBe('newer-quiet');
    expect((await getLocalDoc(d, 'sync-status'))?.updateAvailable).toBe(false);
    clock.advance(1);
    expect(await c.checkVersion()).toBe('newer-prompted');
    expect((await getLocalDoc(d, 'sync-status'))?.updateAvailable).toBe(true);
  });

  it('an older or equal server version is not an update', async () => {
    const { api, checks: c } = await setup({ build: 205 });
    api.setVersion(204);
    expect(await c.checkVersion()).toBe('current');
    api.setVersion(205);
    expect(await c.checkVersion()).toBe('current');
  });

  it('a failed fetch marks the app offline; the next answer online again', async () => {
    const { db: d, api, checks: c } = await setup();
    await vi.waitFor(() => expect(api.versions()).toHaveLength(1));
    api.setDown(true);
    expect(await c.checkVersion()).toBe('offline');
    expect((await getLocalDoc(d, 'sync-status'))?.online).toBe(false);
    api.setDown(false);
    expect(await c.checkVersion()).toBe('current');
    expect((await getLocalDoc(d, 'sync-status'))?.online).toBe(true);
  });

  it('checks again when connectivity returns', async () => {
    const { api, connectivity } = await setup();
    await vi.waitFor(() => expect(api.versions()).toHaveLength(1));
    connectivity.set(false);
    expect(api.versions()).toHaveLength(1);
    connectivity.set(true);
    await vi.waitFor(() => expect(api.versions()).toHaveLength(2));
  });
});

describe('remote config', () => {
  it('first fetch of a session skips the cache, keeps the flags with defaults merged', async () => {
    const { db: d, api } = await setup();
    await vi.waitFor(async () => expect(await getLocalDoc(d, 'remote-flags')).not.toBeNull());
    expect(api.configs()).toHaveLength(1);
    expect(api.configs()[0]!.cache).toBe('no-store');
    const doc = await getLocalDoc(d, 'remote-flags');
    expect(doc?.fetchedAt).toBe(START);
    expect(doc?.flags).toEqual({ ...DEFAULT_REMOTE_FLAGS, posts_enable: false, hidden_bots: ['1000000000000002'] });
  });

  it('then at most once an hour, with the normal cache', async () => {
    const { clock, api, checks: c } = await setup();
    await vi.waitFor(() => expect(api.configs()).toHaveLength(1));
    expect(await c.refreshRemoteConfig()).toBe('not-due');
    clock.advance(REMOTE_CONFIG_MIN_INTERVAL_MS - VERSION_CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(api.versions().length).toBeGreaterThan(50));
    expect(api.configs()).toHaveLength(1);
    clock.advance(VERSION_CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(api.configs()).toHaveLength(2));
    expect(api.configs()[1]!.cache).toBeUndefined();
  });

  it('refreshes asked at the same time, once due, fetch once', async () => {
    const { clock, api, checks: c } = await setup();
    await vi.waitFor(() => expect(api.configs()).toHaveLength(1));
    c.close();
    clock.advance(REMOTE_CONFIG_MIN_INTERVAL_MS);
    const outcomes = await Promise.all([c.refreshRemoteConfig(), c.refreshRemoteConfig(), c.refreshRemoteConfig()]);
    expect(outcomes).toEqual(['fetched', 'not-due', 'not-due']);
    expect(api.configs()).toHaveLength(2);
  });

  it('gives up after 60 s and keeps the stored flags (they hold offline)', async () => {
    const { db: d, clock, api, checks: c } = await setup();
    await vi.waitFor(async () => expect(await getLocalDoc(d, 'remote-flags')).not.toBeNull());
    const before = await getLocalDoc(d, 'remote-flags');
    c.close();
    api.setHang(true);
    let settled = false;
    const pending = c.refreshRemoteConfig(true).finally(() => { settled = true; });
    await vi.waitFor(() => expect(api.configs()).toHaveLength(2));
    clock.advance(REMOTE_CONFIG_FETCH_TIMEOUT_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await pending).toBe('failed');
    expect(await getLocalDoc(d, 'remote-flags')).toEqual(before);
    api.setHang(false);
    api.setDown(true);
    expect(await c.refreshRemoteConfig(true)).toBe('failed');
    expect(await getLocalDoc(d, 'remote-flags')).toEqual(before);
  });

  it('sanitizes and merges flags', () => {
    expect(mergeFlags(null)).toEqual(DEFAULT_REMOTE_FLAGS);
    expect(mergeFlags({ limit_pin_bots: 3 }).limit_pin_bots).toBe(3);
    expect(sanitizeFlags({ limit_pin_bots: '3', unknown: 1, hidden_bots: ['a', 2] })).toEqual({ hidden_bots: ['a'] });
    expect(sanitizeFlags('nope')).toEqual({});
  });

  it('drops a flag of the wrong type alone: the answer is taken, the other flags apply', () => {
    const answer = {
      rewards_enable: true, limit_pin_bots: 'x', posts_enable: 'yes', welcome_banner_design: 'festive',
      upselling_features_list: [{ feature: 'rewards', deeplink: '/rewards' }, { feature: 1 }, 'nope'],
    };
    // the wire check no longer refuses the whole answer (it did: one bad flag lost them all)
    expect(routes.getRemoteConfig.response.safeParse(answer).success).toBe(true);
    expect(sanitizeFlags(answer)).toEqual({
      rewards_enable: true, welcome_banner_design: 'festive', upselling_features_list: [{ feature: 'rewards', deeplink: '/rewards' }],
    });
    const flags = mergeFlags(sanitizeFlags(answer));
    expect(flags.limit_pin_bots).toBe(DEFAULT_REMOTE_FLAGS.limit_pin_bots);
    expect(flags.posts_enable).toBe(DEFAULT_REMOTE_FLAGS.posts_enable);
    expect(flags.rewards_enable).toBe(true);
    // with flags stored before, the bad one keeps its stored value; one left out takes its default
    const kept = flagsFromAnswer(answer, { limit_pin_bots: 9, posts_enable: false, location_enable: false });
    expect([kept.limit_pin_bots, kept.posts_enable, kept.location_enable, kept.rewards_enable]).toEqual([9, false, DEFAULT_REMOTE_FLAGS.location_enable, true]);
  });
});
