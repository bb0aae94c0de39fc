// submit-message-rating and save-item: the caller's own messages only, the rating fitting the
// message's rating_type, is_rated on the message, saving twice answering the same item, and a
// clear 4xx for every bad body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_BOT_ID } from '../../server/bots/registry';
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
