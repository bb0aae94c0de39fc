// submit-message-rating and save-item: the caller's own messages only, the rating fitting the
// message's rating_type, is_rated on the message, saving twice answering the same item, and a
// clear 4xx for every bad body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_BOT_ID, SHOP_BOT_ID } from '../../server/bots/registry';
import { API_BASE, HEADER } from '../../src/api/headers';
import { ROUTE_TABLE } from '../../src/api/route-table';
import { storeMessage } from '../../server/bots/store';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function userUuidOf(me: TestSession): Promise<string> {
  const rows = await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [me.mobile]);
  return rows[0]!.user_uuid;
}

/** A bot message in the caller's Echo conversation; answers its sk. */
async function botMessage(me: TestSession, payload: Record<string, unknown>): Promise<string> {
  const userUuid = await userUuidOf(me);
  const { row } = await t.server.db.transaction((tx) => storeMessage(tx, { userUuid, botUuid: ECHO_BOT_ID, sender: 'bot', type: 'text', payload: { text: { body: 'Was this useful?' }, ...payload } }, Date.now()));
  return row.sk;
}

describe('submit-message-rating', () => {
  it('takes 1 / -1 for thumbs and 1..5 for stars, marks the message rated, and a second rating replaces the first', async () => {
    const me = await t.signIn();
    const thumbs = await botMessage(me, { rating_type: 'thumbs' });
    const stars = await botMessage(me, { rating_type: 'stars' });
    expect(await t.ok('submitMessageRating', { bot_uuid: ECHO_BOT_ID, sk: thumbs, rating: -1 }, { session: me })).toEqual({ message: 'Rating submitted' });
    expect(await t.ok('submitMessageRating', { bot_uuid: ECHO_BOT_ID, sk: thumbs, rating: 1 }, { session: me })).toEqual({ message: 'Rating submitted' });
    expect(await t.ok('submitMessageRating', { bot_uuid: ECHO_BOT_ID, sk: stars, rating: 4 }, { session: me })).toEqual({ message: 'Rating submitted' });
    const ratings = await t.server.db.query<{ rating: number }>('SELECT rating FROM message_ratings WHERE user_uuid = $1 ORDER BY rating', [await userUuidOf(me)]);
    expect(ratings.map((r) => r.rating)).toEqual([1, 4]);
    const page = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
    expect(page.messages.filter((m) => m.sk === thumbs || m.sk === stars).map((m) => m.is_rated)).toEqual([true, true]);
  });

  it('refuses a value that does not fit the rating_type, and a message that takes no rating (422)', async () => {
    const me = await t.signIn();
    const thumbs = await botMessage(me, { rating_type: 'thumbs' });
    const plain = await botMessage(me, {});
    expect(await t.call('submitMessageRating', { bot_uuid: ECHO_BOT_ID, sk: thumbs, rating: 3 }, { session: me })).toMatchObject({ status: 422, body: { message: 'rating must be 1 or -1 for thumbs' } });
    expect(await t.call('submitMessageRating', { bot_uuid: ECHO_BOT_ID, sk: plain, rating: 1 }, { session: me })).toMatchObject({ status: 422, body: { message: 'This message takes no rating' } });
  });

  it("cannot reach another user's message (404) and refuses bad bodies (400)", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const sk = await botMessage(other, { rating_type: 'stars' });
    expect(await t.call('submitMessageRating', { bot_uuid: ECHO_BOT_ID, sk, rating: 5 }, { session: me })).toMatchObject({ status: 404, body: { message: 'Message not found' } });
    for (const body of [
      { bot_uuid: ECHO_BOT_ID, sk, rating: 0 },
      { bot_uuid: ECHO_BOT_ID, sk, rating: 6 },
      { bot_uuid: ECHO_BOT_ID, sk, rating: 1.5 },
      { bot_uuid: ECHO_BOT_ID, sk: 'not-a-key', rating: 1 },
      { bot_uuid: '123', sk, rating: 1 },
      { bot_uuid: ECHO_BOT_ID, sk, rating: '5' },
      { bot_uuid: ECHO_BOT_ID, sk },
    ]) {
      const answer = await t.callUnchecked('submitMessageRating', body, { session: me });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.callUnchecked('submitMessageRating', { bot_uuid: ECHO_BOT_ID, sk, rating: 1 }, {})).status).toBe(401);
  });
});

describe('save-item', () => {
  it('saves a message with a copy of it; saving again answers the same item', async () => {
    const me = await t.signIn();
    const sk = await botMessage(me, {});
    const first = await t.ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk, index: 0 }, { session: me });
    expect(first.saved_item_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk, index: 0 }, { session: me })).toEqual(first);
    const other = await t.ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk, index: 1 }, { session: me });
    expect(other.saved_item_uuid).not.toBe(first.saved_item_uuid);
    const rows = await t.server.db.query<{ message: { sk: string; text: { body: string } } }>('SELECT message FROM saved_items WHERE saved_item_uuid = $1', [first.saved_item_uuid]);
    expect(rows[0]!.message).toMatchObject({ sk, text: { body: 'Was this useful?' } });
  });

  it("refuses another user's message (404) and bad bodies (400)", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const sk = await botMessage(other, {});
    expect(await t.call('saveItem', { bot_uuid: ECHO_BOT_ID, sk, index: 0 }, { session: me })).toMatchObject({ status: 404, body: { message: 'Message not found' } });
    for (const body of [{ bot_uuid: ECHO_BOT_ID, sk, index: -1 }, { bot_uuid: ECHO_BOT_ID, sk, index: 100 }, { bot_uuid: ECHO_BOT_ID, sk: '', index: 0 }, { bot_uuid: ECHO_BOT_ID, sk, index: 0, extra: 1 }]) {
      expect((await t.callUnchecked('saveItem', body, { session: me })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

/** Saves n bot messages of the caller's Echo conversation, one ms apart; answers their uuids oldest first. */
async function saveMany(me: TestSession, n: number, botUuid: string = ECHO_BOT_ID): Promise<string[]> {
  const userUuid = await userUuidOf(me);
  const uuids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { row } = await t.server.db.transaction((tx) => storeMessage(tx, { userUuid, botUuid, sender: 'bot', type: 'text', payload: { text: { body: `Item ${i}` } } }, Date.now()));
    const saved = await t.ok('saveItem', { bot_uuid: botUuid, sk: row.sk, index: 0 }, { session: me });
    // saved_at decides the order: make it strictly increasing whatever the clock did
    await t.server.db.query('UPDATE saved_items SET saved_at = $2 WHERE saved_item_uuid = $1', [saved.saved_item_uuid, 1_700_000_000_000 + i * 1000]);
    uuids.push(saved.saved_item_uuid);
  }
  return uuids;
}

describe('get-saved-items', () => {
  it('pages by 8, newest first by default, oldest first with ASCENDING, each item with its bot and message', async () => {
    const me = await t.signIn();
    const uuids = await saveMany(me, 10);
    const first = await t.ok('getSavedItems', {}, { session: me });
    expect(first.items).toHaveLength(8);
    expect(first.has_more).toBe(true);
    expect(first.items.map((i) => i.saved_item_uuid)).toEqual([...uuids].reverse().slice(0, 8));
    expect(first.items[0]).toMatchObject({ bot_uuid: ECHO_BOT_ID, bot_name: expect.any(String), bot_icon: expect.any(String), saved_at: 1_700_000_009_000, index: 0, message: { type: 'text', text: { body: 'Item 9' } } });
    const second = await t.ok('getSavedItems', { offset: 8 }, { session: me });
    expect(second.items.map((i) => i.saved_item_uuid)).toEqual([uuids[1], uuids[0]]);
    expect(second.has_more).toBe(false);
    const asc = await t.ok('getSavedItems', { sort: 'ASCENDING', limit: 3 }, { session: me });
    expect(asc.items.map((i) => i.saved_item_uuid)).toEqual(uuids.slice(0, 3));
    expect(asc.has_more).toBe(true);
  });

  it('filters by bot, and the filters list the bots with their counts', async () => {
    const me = await t.signIn();
    const botRows = await t.server.db.query<{ bot_uuid: string }>('SELECT bot_uuid FROM bots WHERE bot_uuid <> $1 ORDER BY bot_uuid LIMIT 1', [ECHO_BOT_ID]);
    const otherBot = botRows[0]!.bot_uuid;
    await saveMany(me, 2);
    const fromOther = await saveMany(me, 3, otherBot);
    const filtered = await t.ok('getSavedItems', { filters: [otherBot] }, { session: me });
    expect(filtered.items.map((i) => i.saved_item_uuid).sort()).toEqual([...fromOther].sort());
    expect(filtered.items.every((i) => i.bot_uuid === otherBot)).toBe(true);
    const both = await t.ok('getSavedItems', { filters: [otherBot, ECHO_BOT_ID] }, { session: me });
    expect(both.items).toHaveLength(5);
    const { filters } = await t.ok('getSavedItemFilters', {}, { session: me });
    expect(filters.map((f) => [f.bot_uuid, f.count]).sort()).toEqual([[ECHO_BOT_ID, 2], [otherBot, 3]].sort());
    expect(filters.every((f) => f.name.length > 0)).toBe(true);
  });

  it('refuses bad bodies (400) and no session (401)', async () => {
    const me = await t.signIn();
    for (const body of [{ limit: 9 }, { limit: 0 }, { offset: -1 }, { offset: 1.5 }, { sort: 'UP' }, { filters: ['12'] }, { filters: 'x' }, { extra: 1 }]) {
      expect((await t.callUnchecked('getSavedItems', body, { session: me })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.callUnchecked('getSavedItems', {}, {})).status).toBe(401);
  });
});

describe('unsave-item and undo-unsave-item', () => {
  it('unsaving hides the item (idempotent), undo brings the same item back, the filters follow', async () => {
    const me = await t.signIn();
    const [a, b] = await saveMany(me, 2);
    expect(await t.ok('unsaveItem', { saved_item_uuid_list: [b!] }, { session: me })).toEqual({ message: 'Item unsaved', unsaved: 1 });
    expect(await t.ok('unsaveItem', { saved_item_uuid_list: [b!] }, { session: me })).toEqual({ message: 'Item unsaved', unsaved: 0 });
    expect((await t.ok('getSavedItems', {}, { session: me })).items.map((i) => i.saved_item_uuid)).toEqual([a]);
    expect((await t.ok('getSavedItemFilters', {}, { session: me })).filters.map((f) => f.count)).toEqual([1]);
    expect(await t.ok('undoUnsaveItem', { unsaved_item_uuid_list: [b!] }, { session: me })).toEqual({ message: 'Item restored', restored: 1 });
    expect((await t.ok('getSavedItems', {}, { session: me })).items.map((i) => i.saved_item_uuid)).toEqual([b, a]);
    expect(await t.ok('undoUnsaveItem', { unsaved_item_uuid_list: [b!] }, { session: me })).toEqual({ message: 'Item restored', restored: 0 });
  });

  it('saving an unsaved item again brings the same item back at the top', async () => {
    const me = await t.signIn();
    const [a, b] = await saveMany(me, 2);
    await t.ok('unsaveItem', { saved_item_uuid_list: [a!] }, { session: me });
    const [row] = await t.server.db.query<{ sk: string }>('SELECT m.sk FROM saved_items s JOIN messages m ON m.message_id = s.message_id WHERE s.saved_item_uuid = $1', [a]);
    expect(await t.ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: row!.sk, index: 0 }, { session: me })).toEqual({ saved_item_uuid: a });
    expect((await t.ok('getSavedItems', {}, { session: me })).items.map((i) => i.saved_item_uuid)).toEqual([a, b]);
    // saving a saved one again leaves its place
    await t.ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: row!.sk, index: 0 }, { session: me });
    const [bRow] = await t.server.db.query<{ sk: string }>('SELECT m.sk FROM saved_items s JOIN messages m ON m.message_id = s.message_id WHERE s.saved_item_uuid = $1', [b]);
    await t.ok('saveItem', { bot_uuid: ECHO_BOT_ID, sk: bRow!.sk, index: 0 }, { session: me });
    expect((await t.ok('getSavedItems', {}, { session: me })).items.map((i) => i.saved_item_uuid)).toEqual([a, b]);
  });

  it("another user's uuid changes nothing, and bad bodies get 400", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const [theirs] = await saveMany(other, 1);
    expect(await t.ok('unsaveItem', { saved_item_uuid_list: [theirs!] }, { session: me })).toMatchObject({ unsaved: 0 });
    expect((await t.ok('getSavedItems', {}, { session: other })).items.map((i) => i.saved_item_uuid)).toEqual([theirs]);
    await t.ok('unsaveItem', { saved_item_uuid_list: [theirs!] }, { session: other });
    expect(await t.ok('undoUnsaveItem', { unsaved_item_uuid_list: [theirs!] }, { session: me })).toMatchObject({ restored: 0 });
    expect((await t.ok('getSavedItems', {}, { session: other })).items).toEqual([]);
    expect((await t.ok('getSavedItems', {}, { session: me })).items).toEqual([]);
    for (const body of [{ saved_item_uuid_list: [] }, { saved_item_uuid_list: ['nope'] }, { saved_item_uuid_list: theirs }, {}]) {
      expect((await t.callUnchecked('unsaveItem', body, { session: me })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.callUnchecked('undoUnsaveItem', { saved_item_uuid_list: [theirs] }, { session: me })).status).toBe(400);
  });
});

describe('a web session of one bot (standalone-with-auth)', () => {
  it('lists, counts, unsaves and restores that bot\'s saved items only, whatever the filter names', async () => {
    const me = await t.signIn();
    const [echoItem] = await saveMany(me, 1, ECHO_BOT_ID);
    const [shopItem] = await saveMany(me, 1, SHOP_BOT_ID);
    const deviceId = `device-${Date.now()}-saved`;
    const started = await t.fetch(`${API_BASE}${ROUTE_TABLE.startSession.path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', [HEADER.packageName]: 'web' },
      body: JSON.stringify({ device_id: deviceId, access_token: me.tokens.loginToken, bot_uuid: ECHO_BOT_ID }),
    });
    expect(started.status).toBe(200);
    const { session_id: sessionId, user_uuid: userUuid } = await started.json() as { session_id: string; user_uuid: string };
    const headers = { 'content-type': 'application/json', [HEADER.deviceId]: deviceId, [HEADER.sessionId]: sessionId, [HEADER.userId]: userUuid };
    const web = async (name: 'getSavedItems' | 'getSavedItemFilters' | 'unsaveItem' | 'undoUnsaveItem', body: unknown) => {
      const res = await t.fetch(`${API_BASE}/web${ROUTE_TABLE[name].path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status, name).toBe(200);
      return await res.json() as Record<string, unknown>;
    };
    const listed = (answer: Record<string, unknown>) => (answer.items as Array<{ saved_item_uuid: string }>).map((i) => i.saved_item_uuid);
    expect(listed(await web('getSavedItems', {}))).toEqual([echoItem]);
    // a filter is not a bot field refuseOtherBots knows: the route itself holds the session to its bot
    expect(listed(await web('getSavedItems', { filters: [SHOP_BOT_ID] }))).toEqual([echoItem]);
    expect((await web('getSavedItemFilters', {})).filters).toEqual([expect.objectContaining({ bot_uuid: ECHO_BOT_ID, count: 1 })]);
    expect(await web('unsaveItem', { saved_item_uuid_list: [shopItem] })).toMatchObject({ unsaved: 0 });
    expect(await web('unsaveItem', { saved_item_uuid_list: [echoItem] })).toMatchObject({ unsaved: 1 });
    await t.ok('unsaveItem', { saved_item_uuid_list: [shopItem!] }, { session: me });
    expect(await web('undoUnsaveItem', { unsaved_item_uuid_list: [shopItem, echoItem] })).toMatchObject({ restored: 1 });
    // the Shop item stays unsaved (the web session could not restore it); the Echo one is back
    expect((await t.ok('getSavedItems', {}, { session: me })).items.map((i) => i.saved_item_uuid)).toEqual([echoItem]);
  });
});
