// Unsave and undo through the engine (in-process, the worker's code) against the real server
// (issue 5: every action is applied at once and queued, and reverted with its error text if the
// server refuses it): offline, the item leaves the list at once and the unsave waits in the
// one action queue; when the network returns it is delivered once, in order with an undo; a
// refusal puts the item back with the notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocalDoc, modifyLocalDoc } from '../../src/db/local-store';
import { queuedActions } from '../../src/db/action-queue';
import { SAVED_ITEMS_NOTICE } from '../../src/sync/saved-items-sync';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { storeMessage } from '../../server/bots/store';
import { startChatClient, waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { sessionHeaders, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t, { noSocket: true });

async function sessionOf(c: ChatClient) {
  const s = (await getLocalDoc(c.db, 'session'))!;
  return { mobile: s.mobile!, tokens: undefined as never, headers: sessionHeaders(s.mobile!, s.token!) };
}

/** Saves n bot messages of the client's Echo conversation on the server; answers their uuids, newest first. */
async function saveOnServer(c: ChatClient, n: number): Promise<string[]> {
  const session = await sessionOf(c);
  const userUuid = (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [session.mobile]))[0]!.user_uuid;
  const uuids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { row } = await t.server.db.transaction((tx) => storeMessage(tx, { userUuid, botUuid: ECHO_BOT_ID, sender: 'bot', type: 'text', payload: { text: { body: `Item ${i}` } } }, Date.now()));
    const saved = await t.ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: row.sk, index: 0 }, { session });
    await t.server.db.query('UPDATE saved_items SET saved_at = $2 WHERE saved_item_uuid = $1', [saved.saved_item_uuid, 1_700_000_000_000 + i * 1000]);
    uuids.unshift(saved.saved_item_uuid);
  }
  return uuids;
}

const serverList = async (c: ChatClient) => (await t.ok('getSavedItems', { sort: 'DESCENDING', offset: 0, limit: 8, filters: [] }, { session: await sessionOf(c) })).items.map((i) => i.saved_item_uuid);
const shown = async (c: ChatClient) => ((await getLocalDoc(c.db, 'saved-items'))?.items ?? []).map((i) => i.saved_item_uuid);
const queued = async (c: ChatClient) => (await queuedActions(c.db, 'saved-item')).map(({ payload: a }) => `${a.kind}:${a.item.saved_item_uuid}`);

async function goOffline(c: ChatClient): Promise<void> {
  c.setOnline(false);
  await c.engine.invoke('networkChanged', false);
  await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline');
}

describe('saved items through the engine', () => {
  it('offline: unsave and undo apply at once, wait in the queue, and are delivered once, in order, when the network returns', async () => {
    const c = await signedInClient();
    const [a, b, d] = await saveOnServer(c, 3);
    expect((await c.engine.invoke('loadSavedItems', null, false)).ok).toBe(true);
    expect(await shown(c)).toEqual([a, b, d]);
    await goOffline(c);

    expect((await c.engine.invoke('unsaveSavedItem', a!)).ok).toBe(true);
    expect((await c.engine.invoke('unsaveSavedItem', b!)).ok).toBe(true);
    expect((await c.engine.invoke('undoUnsaveSavedItem', b!)).ok).toBe(true);
    expect(await shown(c)).toEqual([b, d]);
    expect(await queued(c)).toEqual([`unsave:${a}`, `unsave:${b}`, `undo:${b}`]);
    // tries while offline reach nothing and lose nothing
    await c.engine.invoke('flushSavedItems');
    expect(await queued(c)).toHaveLength(3);
    expect(await serverList(c)).toEqual([a, b, d]);
    expect((await getLocalDoc(c.db, 'saved-items'))!.notice).toBeNull();

    c.setOnline(true);
    await c.engine.invoke('networkChanged', true);
    await waitFor(async () => (await queued(c)).length === 0, 5000, 'queue sent');
    expect(await serverList(c)).toEqual([b, d]);
    // delivered once: one unsave row change for a, and b unsaved then restored
    const rows = await t.server.db.query<{ saved_item_uuid: string; unsaved_at: unknown }>('SELECT saved_item_uuid, unsaved_at FROM saved_items WHERE saved_item_uuid = ANY($1::uuid[]) ORDER BY saved_at DESC', [[a, b]]);
    expect(rows.map((r) => r.unsaved_at === null)).toEqual([false, true]);
    // a fresh page agrees with what the user saw
    await c.engine.invoke('loadSavedItems', null, false);
    expect(await shown(c)).toEqual([b, d]);
    expect((await getLocalDoc(c.db, 'saved-items'))!.notice).toBeNull();
  });

  it('an unsave made offline survives the engine closing and goes out from the next one', async () => {
    // made here, not by signedInClient: this test closes it itself, half way
    const c = await startChatClient({ origin: t.url, noSocket: true });
    await c.signIn(t.freshMobile(), (m) => t.lastCode(m));
    const [a] = await saveOnServer(c, 1);
    await c.engine.invoke('loadSavedItems', null, false);
    await goOffline(c);
    await c.engine.invoke('unsaveSavedItem', a!);
    expect(await queued(c)).toEqual([`unsave:${a}`]);
    const dbName = c.db.name;
    await c.close();
    // the same database, a new engine: the queue is read from what was stored
    const next = await startChatClient({ origin: t.url, noSocket: true, dbName });
    try {
      await waitFor(async () => (await queued(next)).length === 0, 5000, 'queue sent after restart');
      expect(await serverList(next)).toEqual([]);
      expect(await shown(next)).toEqual([]);
    } finally {
      await next.close();
    }
  });

  it('a refused unsave puts the item back where it stood with the notice', async () => {
    const c = await signedInClient();
    const [a, b] = await saveOnServer(c, 2);
    await c.engine.invoke('loadSavedItems', null, false);
    // an item the server cannot take (its uuid is not one): the server answers 400
    await modifyLocalDoc(c.db, 'saved-items', (d) => ({ ...d!, items: [d!.items[0]!, { ...d!.items[1]!, saved_item_uuid: 'not-a-uuid' }] }));
    await c.engine.invoke('unsaveSavedItem', 'not-a-uuid');
    expect(await shown(c)).toEqual([a]);
    // the refusal is marked first (it leaves `queued` then), undone, then removed: wait for the
    // removal, the last step, not for the mark
    await waitFor(async () => (await c.db.actions.count().exec()) === 0, 5000, 'refusal handled');
    const doc = (await getLocalDoc(c.db, 'saved-items'))!;
    expect(doc.items.map((i) => i.saved_item_uuid)).toEqual([a, 'not-a-uuid']);
    expect(doc.notice?.textId).toBe(SAVED_ITEMS_NOTICE.unsaveFailed);
    expect(await serverList(c)).toEqual([a, b]);
  });
});
