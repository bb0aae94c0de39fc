// Background sync's delivery pass (src/sync/background-flush.ts) against the real server: the
// page's engine queued messages offline and is gone; the pass the service worker runs delivers
// each exactly once over the webhook, keeps them queued with no network (and raises no
// no-internet dialog for a page that is not there), and repeated or overlapping passes never
// create a second copy on the server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getLocalDoc, patchLocalDoc, setLocalDoc } from '../../src/db/local-store';
import { dropAnalyticsBuffer } from '../../src/db/analytics';
import { DEFAULT_SETTINGS } from '../../src/db/defaults';
import { enqueueBotAction } from '../../src/db/bot-action-queue';
import { enqueueCartEdit } from '../../src/db/cart-view';
import { queuedActions } from '../../src/db/action-queue';
import type { LocalDocTypes } from '../../src/db/local-docs';
import { REPORT_REASONS } from '../../server/bot-profile/seed';
import { SHOP_BOT_ID } from '../../server/bots/registry';
import { flushOutboxInBackground } from '../../src/sync/background-flush';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startChatClient, waitFor, type ChatClient } from './helpers/chat-client';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const clients: ChatClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** A signed-in page that queued `texts` offline, then went away (its engine stopped, the database kept). */
async function queuedOffline(texts: string[]): Promise<ChatClient> {
  const c = await startChatClient({ origin: t.url, noSocket: true });
  clients.push(c);
  await c.signIn(t.freshMobile(), (m) => t.lastCode(m));
  // these passes count messages and actions: analytics off, so the events a pass itself records
  // (a first message's subscribe, the echo bot's gaEvents) do not join the counts (they are
  // delivered and counted in analytics-engine.test.ts)
  await patchLocalDoc(c.db, 'settings', { analytics: false }, DEFAULT_SETTINGS);
  await dropAnalyticsBuffer(c.db);
  c.setOnline(false);
  for (const text of texts) await c.sendText(ECHO_BOT_ID, text);
  await c.engine.close();
  expect(await c.db.outbox.count().exec()).toBe(texts.length);
  return c;
}

/** How many times each body is stored on the server for this user. */
async function serverCounts(c: ChatClient, bodies: string[]): Promise<number[]> {
  const mobile = (await getLocalDoc(c.db, 'session'))!.mobile!;
  const rows = await t.server.db.query<{ body: string; n: number }>(
    `SELECT m.payload->'text'->>'body' AS body, count(*)::int AS n FROM messages m JOIN users u ON u.user_uuid = m.user_uuid
     WHERE u.mobile = $1 AND m.sender = 'user' GROUP BY 1`,
    [mobile],
  );
  return bodies.map((b) => rows.find((r) => r.body === b)?.n ?? 0);
}

const bodies = ['bg one', 'bg two', 'bg three'];

describe('background flush', () => {
  it('delivers what the page queued, each once, in order, and marks them sent', async () => {
    const c = await queuedOffline(bodies);
    const outcome = await flushOutboxInBackground(c.db, { origin: t.url, versionName: 'it', fetch: (i, init) => fetch(i, init) });
    expect(outcome).toEqual({ delivered: 3, queued: 0, signedIn: true });
    expect(await c.db.outbox.count().exec()).toBe(0);
    expect(await serverCounts(c, bodies)).toEqual([1, 1, 1]);
    const mine = await c.db.messages.find({ selector: { from: 'user' } }).exec();
    expect(mine.map((m) => m.status).every((s) => s === 'sent' || s === 'delivered')).toBe(true);
    expect((await c.db.conversations.findOne(ECHO_BOT_ID).exec())?.conversed).toBe(true);
    // a second pass (a sync event fired twice) finds nothing to do
    expect(await flushOutboxInBackground(c.db, { origin: t.url, versionName: 'it', fetch: (i, init) => fetch(i, init) })).toEqual({ delivered: 0, queued: 0, signedIn: true });
    expect(await serverCounts(c, bodies)).toEqual([1, 1, 1]);
  });

  it('with no network keeps everything queued and raises no dialog flag', async () => {
    const c = await queuedOffline(bodies);
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const outcome = await flushOutboxInBackground(c.db, { origin: t.url, versionName: 'it', fetch: offline });
    expect(outcome).toEqual({ delivered: 0, queued: 3, signedIn: true });
    const status = await getLocalDoc(c.db, 'sync-status');
    expect(status?.noInternet ?? false).toBe(false);
    expect(await serverCounts(c, bodies)).toEqual([0, 0, 0]);
  });

  it('a pass whose answer is lost is repeated without a second copy on the server', async () => {
    const c = await queuedOffline(bodies);
    // the server stores the batch but the answer never arrives (the network drops on the way back)
    const lossy = async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await fetch(input, init);
      if (String(input).includes('message-webhook')) throw new TypeError('connection reset');
      return answer;
    };
    expect((await flushOutboxInBackground(c.db, { origin: t.url, versionName: 'it', fetch: lossy })).queued).toBe(3);
    expect(await serverCounts(c, bodies)).toEqual([1, 1, 1]);
    // the next sync event (and, racing it, a second one) resend: the server answers with the originals
    const fine = { origin: t.url, versionName: 'it', fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) };
    const [a, b] = await Promise.all([flushOutboxInBackground(c.db, fine), flushOutboxInBackground(c.db, fine)]);
    expect(a.queued + b.queued).toBe(0);
    await waitFor(async () => (await c.db.outbox.count().exec()) === 0, 5000, 'outbox empty');
    expect(await serverCounts(c, bodies)).toEqual([1, 1, 1]);
  });

  it('runs the one action queue with the same runner: actions queued offline (and an old-format queue) go out once', async () => {
    const c = await queuedOffline(['bg action']);
    await enqueueBotAction(c.db, ECHO_BOT_ID, { kind: 'report', reason_uuid: REPORT_REASONS[0]!.reason_uuid, email: '', description: 'from the background', block: false, before: {} }, Date.now());
    expect((await enqueueCartEdit(c.db, SHOP_BOT_ID, { kind: 'add', catalog_id: 'saathi-grocery', product_id: 'toor-dal-1kg', customizations: [] })).ok).toBe(true);
    // a queue stored by the app before the actions collection: migrated, then sent in the same pass
    await setLocalDoc(c.db, 'bot-actions', { queue: [{ kind: 'flag', action: { kind: 'archive' }, before: {}, id: '0190a000-0000-7000-8000-0000000000aa', bot_uuid: ECHO_BOT_ID, created_at: 1, attempts: 0 }], notice: null } as LocalDocTypes['bot-actions']);
    const offline = await flushOutboxInBackground(c.db, { origin: t.url, versionName: 'it', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect(offline).toEqual({ delivered: 0, queued: 1 + 3, signedIn: true });
    const outcome = await flushOutboxInBackground(c.db, { origin: t.url, versionName: 'it', fetch: (i, init) => fetch(i, init) });
    expect(outcome).toEqual({ delivered: 1 + 3, queued: 0, signedIn: true });
    expect(await queuedActions(c.db, 'bot-action')).toEqual([]);
    const mobile = (await getLocalDoc(c.db, 'session'))!.mobile!;
    const user = (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [mobile]))[0]!.user_uuid;
    expect(await t.server.db.query('SELECT 1 FROM bot_reports WHERE user_uuid = $1', [user])).toHaveLength(1);
    const conv = await t.server.db.query<{ archive_time: string | null }>('SELECT archive_time FROM conversations WHERE user_uuid = $1 AND bot_uuid = $2', [user, ECHO_BOT_ID]);
    expect(conv[0]?.archive_time).not.toBeNull();
    const cart = await t.server.db.query<{ cart: { quantity: number }[] }>('SELECT cart FROM carts WHERE user_uuid = $1 AND bot_uuid = $2', [user, SHOP_BOT_ID]);
    expect(cart[0]?.cart.map((l) => l.quantity)).toEqual([1]);
  });

  it('signed out: nothing is tried', async () => {
    const c = await startChatClient({ origin: t.url, noSocket: true });
    clients.push(c);
    let calls = 0;
    const outcome = await flushOutboxInBackground(c.db, { origin: t.url, versionName: 'it', fetch: () => { calls += 1; return Promise.reject(new Error('no')); } });
    expect(outcome).toEqual({ delivered: 0, queued: 0, signedIn: false });
    expect(calls).toBe(0);
  });
});
