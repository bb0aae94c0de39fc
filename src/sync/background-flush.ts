// One delivery pass of the outbox with no page open (DESIGN.md §2: background sync runs the same
// engine code). The service worker's 'sync' handler calls this after it has checked that no
// window is open and taken the leader lock (sw/background-sync.ts); Node tests call it directly
// against the real server.
//
// It is the page leader's one runner (action-runner.ts) with the same queues, the outbox of
// outbox.ts and the action queue, run once (no timers) and over the webhook only: a service
// worker lives for seconds, too short for the live socket, and the webhook's answer is the
// acknowledgement. The same classifier and the session rules of session.ts decide what a
// 401/440/5xx means, exactly as in the page's engine.
// Exactly once holds for the same reasons it holds there: an entry leaves the outbox only when
// the server has acknowledged it, and the server answers a repeated client_message_id with the
// original message.
import type { AppDatabase } from '../db/database';
import { getLocalDoc } from '../db/local-store';
import { migrateLocalQueues } from '../db/migrate-queues';
import { createActionKinds } from './action-kinds';
import { createActionRunner } from './action-runner';
import { modifyConversation } from '../db/modify-conversation';
import { createHttpClient, systemClock, type Clock } from './http-client';
import { createOutbox } from './outbox';
import { createSession, requestContextFrom } from './session';

export interface BackgroundFlushConfig {
  /** Scheme, host and port of the API; '' for the service worker's own origin. */
  origin: string;
  versionName: string;
  fetch: typeof fetch;
  clock?: Clock;
  timeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

export interface BackgroundFlushOutcome {
  /** outbox entries the server acknowledged, and actions it took or refused, in this pass */
  delivered: number;
  /** outbox entries and actions still queued (no network, a backoff, a stopped session): the caller asks to be woken again */
  queued: number;
  /** false when nobody is signed in (nothing was tried) */
  signedIn: boolean;
}

/** The socket is not used here: the outbox then sends every batch through the webhook. */
const NO_SOCKET = { isOpen: () => false, send: () => false };

/** The queued entries: id → bot. */
async function queuedEntries(db: AppDatabase): Promise<Map<string, string>> {
  const docs = await db.outbox.find({ selector: { state: 'queued' } }).exec();
  return new Map(docs.map((d) => [d.id, d.bot_uuid]));
}

const queuedActionCount = async (db: AppDatabase) => (await db.actions.find({ selector: { status: 'queued' } }).exec()).length;

export async function flushOutboxInBackground(db: AppDatabase, config: BackgroundFlushConfig): Promise<BackgroundFlushOutcome> {
  const clock = config.clock ?? systemClock;
  const log = config.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  const session = await getLocalDoc(db, 'session');
  if (!session?.token) return { delivered: 0, queued: (await queuedEntries(db)).size + (await queuedActionCount(db)), signedIn: false };

  const http = createHttpClient({
    fetch: config.fetch,
    origin: config.origin,
    versionName: config.versionName,
    context: requestContextFrom(db),
    clock,
    onBadAnswer: (error) => log(`background sync: refused ${error.describe()}`, error.issues),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  });
  // the same session rules as the page's engine (401, 440, 5xx flags; no response is quiet)
  const { report } = createSession({ db, http, now: () => clock.now() });
  const before = await queuedEntries(db);
  const outbox = createOutbox({
    db,
    http,
    clock,
    connection: () => NO_SOCKET,
    owner: async () => (await getLocalDoc(db, 'session'))?.mobile ?? '',
    ackTimeoutMs: 0,
  });
  await migrateLocalQueues(db).catch((err: unknown) => log('background sync: migrating the old queues failed', err));
  const actionsBefore = await queuedActionCount(db);
  // the same runner as the page's leader, once (the service worker holds the lock): no timers
  const runner = createActionRunner({ db, clock, kinds: createActionKinds({ db, http, clock }), queues: [outbox.queue], watch: false, report, log });
  try {
    await runner.flush({ force: true });
  } finally {
    await runner.close();
    // clears the outbox's delayed 'conversed' mark: this pass ends here
    outbox.close();
  }
  // acknowledged entries are gone from the outbox; refused ones stay there as 'failed'
  const remaining = await db.outbox.findByIds([...before.keys()]).exec();
  const ackedBots = new Set<string>();
  let delivered = 0;
  for (const [id, botUuid] of before) {
    if (remaining.has(id)) continue;
    delivered += 1;
    ackedBots.add(botUuid);
  }
  // the outbox marks a conversation 'conversed' 2 s after an acknowledgement, a timer this short
  // pass does not outlive: mark it now
  for (const botUuid of ackedBots) {
    await modifyConversation(db, botUuid, (c) => (c.conversed ? c : { ...c, conversed: true })).catch(() => undefined);
  }
  const actionsLeft = await queuedActionCount(db);
  delivered += Math.max(0, actionsBefore - actionsLeft);
  return { delivered, queued: (await queuedEntries(db)).size + actionsLeft, signedIn: true };
}
