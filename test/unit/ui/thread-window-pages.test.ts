// The thread window's paging (src/db/hooks/thread-pages.ts, use-thread-window.ts): the page
// bounds, and the window itself over a real database (fake-indexeddb, two instances standing for
// the page and the sync worker): one page more per readOlder, the newest page live, and changes to
// older pages (a status, a message stored inside the window, one stored below it, removals) shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/api/messages';
import type { AppDatabase } from '../../../src/db/database';
import { headFloorOf, placeOf, windowFloor } from '../../../src/db/hooks/thread-pages';
import { ThreadWindowSource, type ThreadWindowSnapshot } from '../../../src/db/hooks/use-thread-window';
import { enqueueMessage, pkFor } from '../../../src/db/outbox-store';
import { storeServerMessages } from '../../../src/sync/message-store';
import { enforceHistoryBudget } from '../../../src/sync/history-budget';
import { modifyConversation } from '../../../src/db/modify-conversation';
import { MESSAGES_PAGE_SIZE } from '../../../src/domain/constants';
import { freshDbName, openTestDatabase, CHAT_COLLECTIONS } from '../db/helpers/fake-db';

describe('page bounds', () => {
  const pages = [{ lo: 'm', hi: 't' }, { lo: 'g', hi: 'm' }, { lo: 'c', hi: 'g' }];
  it('places a sk in the head, the page whose range holds it, or below the window', () => {
    expect(placeOf('t', pages, 't')).toEqual({ kind: 'head' });
    expect(placeOf('t', pages, '~1')).toEqual({ kind: 'head' });
    expect(placeOf('t', pages, 's')).toEqual({ kind: 'page', index: 0 });
    expect(placeOf('t', pages, 'm')).toEqual({ kind: 'page', index: 0 });
    expect(placeOf('t', pages, 'l')).toEqual({ kind: 'page', index: 1 });
    expect(placeOf('t', pages, 'g')).toEqual({ kind: 'page', index: 1 });
    expect(placeOf('t', pages, 'c')).toEqual({ kind: 'page', index: 2 });
    expect(placeOf('t', pages, 'b')).toEqual({ kind: 'below' });
    expect(placeOf('t', [], 's')).toEqual({ kind: 'below' });
    expect(placeOf(null, [], 'a')).toEqual({ kind: 'head' });
  });
  it('the floor is the oldest page’s, else the head’s', () => {
    expect(windowFloor('t', pages)).toBe('c');
    expect(windowFloor('t', [])).toBe('t');
    expect(windowFloor(null, [])).toBeNull();
  });
  it('fixes the head floor at the oldest of the newest page, not on a short page of unsent messages', () => {
    expect(headFloorOf([{ sk: '3' }, { sk: '2' }], 2, '~')).toBe('2');
    expect(headFloorOf([{ sk: '~2' }, { sk: '1' }], 5, '~')).toBe('1');
    expect(headFloorOf([{ sk: '~2' }, { sk: '~1' }], 5, '~')).toBeNull();
    expect(headFloorOf([{ sk: '~2' }, { sk: '~1' }], 2, '~')).toBe('~1');
    expect(headFloorOf([], 2, '~')).toBeNull();
  });
});

const OWNER = '919800000077';
const T0 = 1_700_000_000_000;
const sk = (time: number, n: number, id: string): string => `${String(time).padStart(15, '0')}_${String(n).padStart(9, '0')}_${id}`;
let bots = 0;

function texts(bot: string, from: number, to: number, who: 'bot' | 'user' = 'bot'): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let i = from; i < to; i += 1) {
    const id = `${bot.slice(-3)}-${who}-${String(i).padStart(6, '0')}`;
    out.push({ message_id: id, sk: sk(T0 + i * 1000, i, id), timestamp: T0 + i * 1000, from: who, type: 'text', text: { body: `m${i}` }, client_message_id: who === 'user' ? `c-${id}` : null });
  }
  return out;
}

let page: AppDatabase;
let worker: AppDatabase;
beforeAll(async () => {
  const name = freshDbName('window');
  page = await openTestDatabase(name, CHAT_COLLECTIONS);
  worker = await openTestDatabase(name, CHAT_COLLECTIONS);
});
afterAll(async () => {
  await page.close();
  await worker.close();
});

/** A window on the page instance; `until` waits for a snapshot that passes. */
function openWindow(bot: string) {
  let last: ThreadWindowSnapshot = { loaded: false, messages: [], olderStored: false, reading: false };
  const waiters = new Set<() => void>();
  const source = new ThreadWindowSource(page, pkFor(bot, OWNER), (s) => {
    last = s;
    for (const w of [...waiters]) w();
  });
  const until = (ok: (s: ThreadWindowSnapshot) => boolean, what: string): Promise<ThreadWindowSnapshot> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`window never showed: ${what} (last: ${last.messages.length} messages, olderStored ${last.olderStored}, reading ${last.reading})`)), 10_000);
      const check = () => {
        if (!ok(last)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(last);
      };
      waiters.add(check);
      check();
    });
  const bodies = () => last.messages.map((m) => m.message.text?.body);
  return { source, until, bodies, get last() { return last; } };
}

const settled = (n: number) => (s: ThreadWindowSnapshot) => s.loaded && !s.reading && s.messages.length === n;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${from + i}`);

describe('thread window', () => {
  it('opens on the newest page and adds one stored page per readOlder, oldest first, until nothing more is stored', async () => {
    const bot = `20000000000000${(bots += 1).toString().padStart(2, '0')}`;
    await storeServerMessages(worker, bot, texts(bot, 0, 120), { owner: OWNER });
    const w = openWindow(bot);
    const first = await w.until(settled(MESSAGES_PAGE_SIZE), 'the newest page');
    expect(w.bodies()).toEqual(range(70, 120));
    expect(first.olderStored).toBe(true);
    w.source.readOlder();
    await w.until(settled(100), 'two pages');
    expect(w.bodies()).toEqual(range(20, 120));
    w.source.readOlder();
    const all = await w.until(settled(120), 'everything');
    expect(w.bodies()).toEqual(range(0, 120));
    expect(all.olderStored).toBe(false);
    // a new message and a send join at the bottom; nothing drops off the top
    await storeServerMessages(worker, bot, texts(bot, 120, 121), { owner: OWNER });
    await w.until(settled(121), 'the new message');
    await enqueueMessage(page, { botUuid: bot, payload: { type: 'text', text: { body: 'hello' } }, owner: OWNER, now: T0 + 999_000 });
    await w.until(settled(122), 'the send');
    expect(w.bodies().slice(0, 2)).toEqual(['m0', 'm1']);
    expect(w.bodies().slice(-2)).toEqual(['m120', 'hello']);
    w.source.close();
  });

  it('shows changes to messages in older pages: a status, a message stored inside the window, one stored below it, removals', async () => {
    const bot = `20000000000000${(bots += 1).toString().padStart(2, '0')}`;
    // every other message from 0 to 200 stored: 100 messages, with gaps a later page fills
    const all = texts(bot, 0, 200);
    const user = texts(bot, 10, 11, 'user')[0]!;
    await storeServerMessages(worker, bot, all.filter((_, i) => i % 2 === 1 && i >= 40), { owner: OWNER });
    await storeServerMessages(worker, bot, [{ ...user, sk: sk(T0 + 41_500, 41, user.message_id) }], { owner: OWNER });
    const w = openWindow(bot);
    await w.until(settled(50), 'the newest page');
    w.source.readOlder();
    await w.until(settled(81), 'everything stored');
    expect(w.last.olderStored).toBe(false);
    const before = w.last.messages;

    // a status change in the oldest page (the user message was stored 'sent', a failure moves it on)
    const doc = await worker.messages.findOne(`c-${user.message_id}`).exec();
    expect(doc?.status).not.toBe('failed');
    await doc!.incrementalPatch({ status: 'failed' });
    await w.until((s) => s.messages.find((m) => m.id === `c-${user.message_id}`)?.status === 'failed', 'the new status');
    expect(w.last.messages.length).toBe(81);

    // a server page stored inside the window (the gaps between 100 and 120) shows in its place
    await storeServerMessages(worker, bot, all.filter((_, i) => i % 2 === 0 && i >= 100 && i < 120), { owner: OWNER });
    await w.until(settled(91), 'the filled gap');
    const bodies = w.bodies();
    expect(bodies.slice(bodies.indexOf('m99'), bodies.indexOf('m121') + 1)).toEqual([...range(99, 120), 'm121']);

    // a page stored below the window (the user asked the server for older ones): read in at once
    await storeServerMessages(worker, bot, all.filter((_, i) => i % 2 === 1 && i >= 20 && i < 40), { owner: OWNER });
    await w.until(settled(101), 'the older page');
    expect(w.bodies().slice(0, 3)).toEqual(['m21', 'm23', 'm25']);
    expect(w.last.messages).not.toBe(before);

    // the storage budget trims the conversation to its newest 60 (and the failed send, never
    // removed): the others leave the window
    await modifyConversation(worker, bot, (c) => ({ ...c, opened_at: 1 }));
    expect(await enforceHistoryBudget(worker, { owner: OWNER, budget: 1, target: 0, keepPerConversation: 60 })).toBeGreaterThanOrEqual(40);
    await w.until(settled(61), 'the removals');
    expect(w.last.messages[0]?.id).toBe(`c-${user.message_id}`);
    expect(w.bodies().at(-1)).toBe('m199');
    w.source.close();
  });

  it('an empty conversation shows the first page the engine stores, then pages below it as they are stored', async () => {
    const bot = `20000000000000${(bots += 1).toString().padStart(2, '0')}`;
    const w = openWindow(bot);
    const empty = await w.until((s) => s.loaded, 'loaded');
    expect(empty.messages).toEqual([]);
    expect(empty.olderStored).toBe(false);
    w.source.readOlder(); // nothing to read yet: no-op
    await storeServerMessages(worker, bot, texts(bot, 100, 150), { owner: OWNER });
    await w.until(settled(50), 'the first page');
    expect(w.last.olderStored).toBe(true);
    w.source.readOlder();
    await w.until((s) => s.loaded && !s.reading && !s.olderStored, 'nothing more stored');
    await storeServerMessages(worker, bot, texts(bot, 50, 100), { owner: OWNER });
    await w.until(settled(100), 'the fetched page');
    expect(w.bodies()).toEqual(range(50, 150));
    w.source.close();
  });
});
