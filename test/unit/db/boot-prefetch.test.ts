// Cold start (bench/README.md "cold-start"): the boot reads start together and their results are
// there when the first components ask; the sync worker waits for the first painted screen.
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Subscription } from 'rxjs';
import type { AppDatabase } from '../../../src/db/database';
import { startClient, type Client } from '../../../src/db/client';
import { BOOT_LOCAL_DOCS, prefetchForBoot, storedHomeTab } from '../../../src/db/boot-prefetch';
import { feedWindowQuery } from '../../../src/db/hooks/use-feed';
import { FEED_WINDOW_FIRST } from '../../../src/domain/feed-rules';
import { feedDocId, withFeedRank } from '../../../src/db/schemas';
import { isScreenPainted, screenPainted, whenScreenPainted } from '../../../src/db/boot-gate';
import { localDocStore, primeLocalDocs } from '../../../src/db/hooks/local-doc-store';
import { CHAT_LIST_FIRST_ROWS, conversationRows$, firstConversationsQuery } from '../../../src/db/hooks/use-chat';
import { patchLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { cachedNewestPage, newestPageQuery } from '../../../src/db/hooks/use-thread-window';
import { pendingMessageDoc, pkFor } from '../../../src/db/outbox-store';
import { threadOfPath } from '../../../src/db/boot-gate';
import { prefetchThread } from '../../../src/db/commands/prefetch-thread';
import { DEFAULT_SETTINGS, newSession } from '../../../src/db/defaults';
import type { ConversationDoc } from '../../../src/db/schemas';
import { withListRank } from '../../../src/db/schemas/conversations.schema';
import { modifyConversation } from '../../../src/db/modify-conversation';
import { fakeIndexedDb, freshDbName, openTestDatabase } from './helpers/fake-db';

const open: AppDatabase[] = [];
const subscriptions: Subscription[] = [];
let client: Client | null = null;
afterEach(async () => {
  subscriptions.splice(0).forEach((s) => s.unsubscribe());
  await client?.close();
  client = null;
  await Promise.all(open.splice(0).map((d) => d.close()));
});

function conversation(botUuid: string, lastActivity: number): ConversationDoc {
  return withListRank({
    bot_uuid: botUuid, name: `Shop ${botUuid}`, icon: '', block_time: null, archive_time: null, mute_time: null, mute_duration: null,
    pinned: false, unread_count: 0, last_message: null, last_activity: lastActivity, conversed: true, opened_at: 0,
    forward_token: null, backward_token: null, history_complete: false, initial_loaded: true, delivered_sk: '', list_rank: '',
  });
}

describe('boot prefetch', () => {
  test('primeLocalDocs reads every document with no subscriber; the first subscriber renders it at once and follows changes', async () => {
    const db = await openTestDatabase();
    open.push(db);
    await patchLocalDoc(db, 'settings', { homeTab: 'chat' }, DEFAULT_SETTINGS);
    const store = localDocStore(db, 'settings');
    expect(store.getSnapshot().loaded).toBe(false);
    await primeLocalDocs(db, ['settings', 'session', 'app-language']);
    expect(store.getSnapshot()).toEqual({ loaded: true, doc: { ...DEFAULT_SETTINGS, homeTab: 'chat' } });
    expect(localDocStore(db, 'session').getSnapshot()).toEqual({ loaded: true, doc: null });
    expect(localDocStore(db, 'app-language').getSnapshot().loaded).toBe(true);
    // priming again (a second boot read) answers at once
    await primeLocalDocs(db, ['settings']);
    const changed = new Promise<void>((resolve) => {
      const off = store.subscribe(() => {
        if (store.getSnapshot().doc?.homeTab === 'discover') {
          off();
          resolve();
        }
      });
    });
    await patchLocalDoc(db, 'settings', { homeTab: 'discover' }, DEFAULT_SETTINGS);
    await changed;
  });

  test('prefetchForBoot on /home reads the boot documents and keeps the first rows of the chat list warm: a later subscriber gets its rows synchronously', async () => {
    const db = await openTestDatabase();
    open.push(db);
    await db.conversations.bulkInsert([conversation('b1', 10), conversation('b2', 30), conversation('b3', 20)]);
    await prefetchForBoot(db, '/home');
    for (const id of BOOT_LOCAL_DOCS) expect(localDocStore(db, id).getSnapshot().loaded).toBe(true);
    // wait for the held query's first result through a subscriber of the same RxQuery
    await new Promise<void>((resolve) => {
      const s = firstConversationsQuery(db, CHAT_LIST_FIRST_ROWS).$.subscribe(() => resolve());
      subscriptions.push(s);
    });
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    let rows: string[] | null = null;
    subscriptions.push(firstConversationsQuery(db, CHAT_LIST_FIRST_ROWS).$.subscribe((docs) => (rows = docs.map((d) => d.bot_uuid))));
    expect(rows).toEqual(['b2', 'b3', 'b1']);
  });

  test('prefetchForBoot on another path does not hold the chat list query', async () => {
    const db = await openTestDatabase();
    open.push(db);
    await db.conversations.bulkInsert([conversation('b1', 10)]);
    await prefetchForBoot(db, '/chat/b1');
    await new Promise<void>((resolve) => {
      const s = firstConversationsQuery(db, CHAT_LIST_FIRST_ROWS).$.subscribe(() => resolve());
      subscriptions.push(s);
    });
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    let rows: string[] | null = null;
    subscriptions.push(firstConversationsQuery(db, CHAT_LIST_FIRST_ROWS).$.subscribe((docs) => (rows = docs.map((d) => d.bot_uuid))));
    // nobody held it: the new subscription runs the query again, asynchronously
    expect(rows).toBeNull();
  });

  test.each([['post', true], ['chat', false]] as const)('on /home with the %s tab stored, the feed\'s first window is held: %s', async (tab, held) => {
    const db = await openTestDatabase();
    open.push(db);
    await db.feed.bulkInsert([1, 3, 2].map((n) => withFeedRank({ id: feedDocId.post(`p${n}`), kind: 'item', order: n, type: 'post', post_uuid: `p${n}`, payload: {} as never, fetched_at: 1 })));
    await patchLocalDoc(db, 'settings', { homeTab: tab }, DEFAULT_SETTINGS);
    await prefetchForBoot(db, '/home');
    expect(storedHomeTab(db)).toBe(tab);
    // the held query's first result in: a later subscriber of the same query gets it at once
    await new Promise<void>((resolve) => subscriptions.push(feedWindowQuery(db, FEED_WINDOW_FIRST).$.subscribe(() => resolve())));
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    let ids: string[] | null = null;
    subscriptions.push(feedWindowQuery(db, FEED_WINDOW_FIRST).$.subscribe((docs) => (ids = docs.map((d) => d.post_uuid))));
    expect(ids).toEqual(held ? ['p3', 'p2', 'p1'] : null);
  });
});

describe('boot prefetch of a thread', () => {
  const MOBILE = '+919812345678';
  const sent = (id: string, at: number) => pendingMessageDoc({
    id, bot_uuid: 'b1', created_at: at, payload: { type: 'text', text: { body: id }, client_message_id: id },
  }, MOBILE);

  test('threadOfPath names the bot of /chat/{bot} only', () => {
    expect(threadOfPath('/chat/1000000000000001')).toBe('1000000000000001');
    expect(threadOfPath('/chat/1000000000000001/')).toBe('1000000000000001');
    expect(threadOfPath('/chat')).toBeNull();
    expect(threadOfPath('/chat/1000000000000001/profile')).toBeNull();
    expect(threadOfPath('/home')).toBeNull();
  });

  test('on /chat/{bot} it keeps the conversation and the newest page warm: the screen gets them synchronously', async () => {
    const db = await openTestDatabase();
    open.push(db);
    await setLocalDoc(db, 'session', { ...newSession('device-1'), token: 't'.repeat(32), mobile: MOBILE });
    await db.conversations.insert(conversation('b1', 10));
    await db.messages.bulkInsert([sent('m1', 1), sent('m2', 2)]);
    await prefetchForBoot(db, '/chat/b1');
    const pk = pkFor('b1', MOBILE);
    // the held queries' first results are in once a subscriber of the same queries sees them
    await new Promise<void>((resolve) => subscriptions.push(newestPageQuery(db, pk).$.subscribe(() => resolve())));
    await new Promise<void>((resolve) => subscriptions.push(db.conversations.findOne('b1').$.subscribe(() => resolve())));
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    let page: string[] | null = null;
    let name: string | null = null;
    subscriptions.push(newestPageQuery(db, pk).$.subscribe((docs) => (page = docs.map((d) => d.id))));
    subscriptions.push(db.conversations.findOne('b1').$.subscribe((doc) => (name = doc?.name ?? '')));
    expect(page).toEqual(['m2', 'm1']);
    expect(name).toBe('Shop b1');
    // the thread window's first render takes the held page (oldest first, nothing older stored)
    const first = cachedNewestPage(db, pk);
    expect(first.loaded).toBe(true);
    expect(first.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(first.olderStored).toBe(false);
    // another conversation's page is not held: the window starts empty and reads it
    expect(cachedNewestPage(db, pkFor('b2', MOBILE)).loaded).toBe(false);
  });

  test('a finger on a chat row (prefetchThread) warms the same reads; before the client starts it does nothing', async () => {
    expect(() => prefetchThread('b1')).not.toThrow();
    client = await startClient({ name: freshDbName('intent'), ...fakeIndexedDb, devMode: true, ignoreDuplicate: true, origin: 'http://api.test' });
    const db = client.db;
    await setLocalDoc(db, 'session', { ...newSession('device-1'), token: 't'.repeat(32), mobile: MOBILE });
    await primeLocalDocs(db, ['session']);
    await db.conversations.insert(conversation('b1', 10));
    await db.messages.bulkInsert([sent('m1', 1), sent('m2', 2)]);
    const pk = pkFor('b1', MOBILE);
    expect(cachedNewestPage(db, pk).loaded).toBe(false);
    prefetchThread('b1');
    await new Promise<void>((resolve) => subscriptions.push(newestPageQuery(db, pk).$.subscribe(() => resolve())));
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    // held: the thread window's first render has the page without a read of its own
    expect(cachedNewestPage(db, pk).messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    let name: string | null = null;
    subscriptions.push(db.conversations.findOne('b1').$.subscribe((doc) => (name = doc?.name ?? '')));
    expect(name).toBe('Shop b1');
  });

  test('signed out (no mobile) it reads the documents and holds no page', async () => {
    const db = await openTestDatabase();
    open.push(db);
    await db.messages.bulkInsert([sent('m1', 1)]);
    await prefetchForBoot(db, '/chat/b1');
    let page: string[] | null = null;
    subscriptions.push(newestPageQuery(db, pkFor('b1', MOBILE)).$.subscribe((docs) => (page = docs.map((d) => d.id))));
    expect(page).toBeNull();
  });
});

describe('boot gate and the sync worker start', () => {
  test('whenScreenPainted resolves at its cap when no screen says it is painted', async () => {
    let capped = false;
    await whenScreenPainted(5).then(() => (capped = true));
    expect(capped).toBe(true);
  });

  test('startClient spawns the engine only once startWorkerAfter settles; engine calls made before wait for it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    client = await startClient({ name: freshDbName('boot'), ...fakeIndexedDb, devMode: true, ignoreDuplicate: true, origin: 'http://api.test', startWorkerAfter: gate });
    let answered = false;
    // Node has no Worker: once the gate opens, the client falls back to the in-process engine
    const call = client.engine.invoke('networkChanged', false).then(() => (answered = true));
    // a full database round trip later, the call is still waiting for the gate
    await client.db.getLocal('session');
    await client.db.conversations.find().exec();
    expect(answered).toBe(false);
    open();
    await call;
    expect(answered).toBe(true);
  });

  test('screenPainted opens the gate for every waiter, however long its cap, and later screens know it', async () => {
    const waiting = whenScreenPainted(3_600_000);
    expect(isScreenPainted()).toBe(false);
    screenPainted();
    expect(isScreenPainted()).toBe(true);
    await waiting;
    await whenScreenPainted(3_600_000);
  });
});

describe('chat list rows on a cold start', () => {
  test('the first rows come alone in the first frame, every row from the task after it, then changes follow', async () => {
    // node has no frames: a frame is a task here
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number);
    vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
    try {
      const db = await openTestDatabase();
      open.push(db);
      const docs = Array.from({ length: 25 }, (_, i) => conversation(`b${String(i).padStart(2, '0')}`, 1000 + i));
      await db.conversations.bulkInsert([...docs, withListRank({ ...conversation('pin', 1), pinned: true })]);
      const seen: { ids: string[]; complete: boolean }[] = [];
      subscriptions.push(conversationRows$(db, 20).subscribe((rows) => seen.push({ ids: rows.docs.map((d) => d.bot_uuid), complete: rows.complete })));
      await vi.waitFor(() => expect(seen.some((s) => s.complete)).toBe(true));
      const newestFirst = docs.map((d) => d.bot_uuid).reverse();
      expect(seen[0]).toEqual({ ids: ['pin', ...newestFirst.slice(0, 19)], complete: false });
      expect(seen.at(-1)).toEqual({ ids: ['pin', ...newestFirst], complete: true });
      // the full list is live: an archived conversation moves after the shown ones
      await modifyConversation(db, 'b24', (c) => ({ ...c, archive_time: 5 }));
      await vi.waitFor(() => expect(seen.at(-1)!.ids.at(-1)).toBe('b24'));
      expect(seen.at(-1)!.ids.slice(0, 2)).toEqual(['pin', 'b23']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
