// The engine's periodic checks of the app itself (spec part 1 §4 "App update", "Remote config"):
//
// Version check: while signed in, GET /version.json?t=<time> every VERSION_CHECK_INTERVAL_MS and
// when connectivity returns. A version_code newer than the running build's sets
// sync-status.updateAvailable (the update dialog), at most once per UPDATE_PROMPT_MIN_GAP_MS
// (the 'update-prompt' local document remembers when). A fetch with no answer marks the app
// offline (spec §8 "Version fetch failure"); the next answer marks it online again.
//
// Remote config (while signed in): the flags of spec §3, fetched with a REMOTE_CONFIG_FETCH_TIMEOUT_MS timeout;
// the first fetch of a session (this engine's life) bypasses the HTTP cache, later ones happen at
// most once per REMOTE_CONFIG_MIN_INTERVAL_MS. Kept in the 'remote-flags' local document (with
// the defaults merged in) so the flags hold offline. A failed fetch keeps the stored flags.
import { DEFAULT_REMOTE_FLAGS, type RemoteFlags, type RemoteFlagsDoc } from '../api/remote-flags';
import type { VersionFile } from '../api/contract';
import {
  REMOTE_CONFIG_FETCH_TIMEOUT_MS, REMOTE_CONFIG_MIN_INTERVAL_MS, UPDATE_PROMPT_MIN_GAP_MS, VERSION_CHECK_INTERVAL_MS,
} from '../domain/constants';
import type { AppDatabase } from '../db/database';
import { DEFAULT_SYNC_STATUS } from '../db/defaults';
import { getLocalDoc, observeLocalDoc$, patchLocalDoc, setLocalDoc } from '../db/local-store';
import type { Connectivity } from './chat-sync';
import type { Clock, HttpClient } from './http-client';
import { sanitizeFlags } from './wire-checks';

export interface AppChecksDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  fetch: typeof fetch;
  /** Scheme, host and port of the server ('' for the page's origin). */
  origin: string;
  connectivity: Connectivity;
  /** version_code of the running build (Vite define __APP_VERSION_CODE__); null: no update check. */
  buildVersionCode: number | null;
  /** Only one tab checks (the leader); absent: this engine does. */
  isLeader?: () => boolean;
  /** Shorter timings for tests. */
  timings?: { versionCheckMs?: number };
  log?: (message: string, detail?: unknown) => void;
}

export interface AppChecks {
  /** One version check now (tests, and the page's "check for updates"). */
  checkVersion(): Promise<VersionCheckOutcome>;
  /** The remote config now if due (force: regardless of the interval). */
  refreshRemoteConfig(force?: boolean): Promise<RemoteConfigOutcome>;
  close(): void;
}

export type VersionCheckOutcome = 'not-signed-in' | 'offline' | 'current' | 'newer-prompted' | 'newer-quiet' | 'bad-answer';
export type RemoteConfigOutcome = 'fetched' | 'not-due' | 'failed' | 'not-signed-in';

/** The stored flags over the defaults, so a flag the server adds later still has a value. */
export function mergeFlags(stored: Partial<RemoteFlags> | null | undefined): RemoteFlags {
  return { ...DEFAULT_REMOTE_FLAGS, ...(stored ?? {}) };
}

/**
 * The flags of a remote config answer: each good flag as the server sent it; a flag of a wrong
 * type keeps its last good value (its default if none), alone; a flag the answer leaves out, its
 * default.
 */
export function flagsFromAnswer(answer: Record<string, unknown>, stored: Partial<RemoteFlags> | undefined): RemoteFlags {
  const good = sanitizeFlags(answer);
  const kept = Object.fromEntries(Object.keys(DEFAULT_REMOTE_FLAGS)
    .filter((key) => key in answer && !(key in good) && stored !== undefined && key in stored)
    .map((key) => [key, stored![key as keyof RemoteFlags]]));
  return mergeFlags({ ...kept, ...good });
}

export function startAppChecks(deps: AppChecksDeps): AppChecks {
  const { db, clock, connectivity } = deps;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  const interval = deps.timings?.versionCheckMs ?? VERSION_CHECK_INTERVAL_MS;
  const leads = () => deps.isLeader?.() ?? true;
  let closed = false;
  let timer: unknown = null;
  let firstConfigFetch = true;

  const signedIn = async () => (await getLocalDoc(db, 'session'))?.token != null;

  async function checkVersion(): Promise<VersionCheckOutcome> {
    if (deps.buildVersionCode === null || !(await signedIn())) return 'not-signed-in';
    let file: VersionFile;
    const controller = new AbortController();
    const abort = clock.setTimeout(() => controller.abort(), REMOTE_CONFIG_FETCH_TIMEOUT_MS);
    try {
      const res = await deps.fetch(`${deps.origin}/version.json?t=${clock.now()}`, { cache: 'no-store', signal: controller.signal });
      if (res.status !== 200) return 'bad-answer';
      file = (await res.json()) as VersionFile;
    } catch {
      // no answer at all (or a body that is not JSON, which a captive portal gives): offline
      await patchLocalDoc(db, 'sync-status', { online: false }, DEFAULT_SYNC_STATUS);
      return 'offline';
    } finally {
      clock.clearTimeout(abort);
    }
    if (connectivity.isOnline()) {
      const status = await getLocalDoc(db, 'sync-status');
      if (status && !status.online) await patchLocalDoc(db, 'sync-status', { online: true }, DEFAULT_SYNC_STATUS);
    }
    if (typeof file.version_code !== 'number' || !Number.isFinite(file.version_code)) return 'bad-answer';
    if (file.version_code <= deps.buildVersionCode) return 'current';
    const prompt = await getLocalDoc(db, 'update-prompt');
    const now = clock.now();
    if (prompt?.lastPromptAt != null && now - prompt.lastPromptAt < UPDATE_PROMPT_MIN_GAP_MS) {
      await setLocalDoc(db, 'update-prompt', { lastPromptAt: prompt.lastPromptAt, latestVersionCode: file.version_code });
      return 'newer-quiet';
    }
    await setLocalDoc(db, 'update-prompt', { lastPromptAt: now, latestVersionCode: file.version_code });
    await patchLocalDoc(db, 'sync-status', { updateAvailable: true }, DEFAULT_SYNC_STATUS);
    return 'newer-prompted';
  }

  // One refresh at a time: each decides whether it is due only after the one before has stored
  // its fetch time, so rounds that pile up (a slow database, a clock that jumped) fetch once.
  let configChain: Promise<unknown> = Promise.resolve();
  function refreshRemoteConfig(force = false): Promise<RemoteConfigOutcome> {
    const run = configChain.then(() => refreshRemoteConfigNow(force));
    configChain = run.catch(() => undefined);
    return run;
  }

  async function refreshRemoteConfigNow(force: boolean): Promise<RemoteConfigOutcome> {
    // the flags gate the signed-in screens; the login screen does with the stored or default ones
    if (!(await signedIn())) return 'not-signed-in';
    const stored = await getLocalDoc(db, 'remote-flags');
    const now = clock.now();
    const due = force || firstConfigFetch || stored?.fetchedAt == null || now - stored.fetchedAt >= REMOTE_CONFIG_MIN_INTERVAL_MS;
    if (!due) return 'not-due';
    const noCache = firstConfigFetch;
    firstConfigFetch = false;
    try {
      const answer = await deps.http.call('getRemoteConfig', {}, { timeoutMs: REMOTE_CONFIG_FETCH_TIMEOUT_MS, ...(noCache ? { cache: 'no-store' as const } : {}) });
      const doc: RemoteFlagsDoc = { flags: flagsFromAnswer(answer, stored?.flags), fetchedAt: clock.now() };
      await setLocalDoc(db, 'remote-flags', doc);
      return 'fetched';
    } catch (err) {
      log('sync: remote config fetch failed', err);
      return 'failed';
    }
  }

  // The periodic rounds run in the leader only; the checks at start, sign-in and reconnect run in
  // every tab (the leader election may not have settled yet, and one extra request per tab is cheap).
  const round = () => {
    void checkVersion().catch((err: unknown) => log('sync: version check failed', err));
    void refreshRemoteConfig().catch((err: unknown) => log('sync: remote config failed', err));
  };
  const tick = () => {
    if (closed) return;
    if (leads()) round();
    timer = clock.setTimeout(tick, interval);
  };

  // the first round once the session is known; a sign-in starts the version check at once
  let lastToken: string | null | undefined;
  const sessionWatch = observeLocalDoc$(db, 'session').subscribe((session) => {
    const token = session?.token ?? null;
    if (token === lastToken) return;
    const first = lastToken === undefined;
    lastToken = token;
    if (first) {
      round();
      timer = clock.setTimeout(tick, interval);
      return;
    }
    if (token) round();
  });
  const net = connectivity.subscribe((online) => {
    if (!online || closed) return;
    round();
  });

  return {
    checkVersion,
    refreshRemoteConfig,
    close() {
      closed = true;
      if (timer !== null) clock.clearTimeout(timer);
      sessionWatch.unsubscribe();
      net();
    },
  };
}
