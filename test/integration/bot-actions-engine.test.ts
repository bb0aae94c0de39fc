// The bot actions through the engine (in-process, the worker's code) against the real server:
// applied locally at once and queued; delivered in order when the network returns; a refusal
// (the server's pin limit) undoes the local change and leaves the catalogue text as the notice;
// the profile (details, FAQs, counts, reviews) is read for offline use; votes and reviews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFlagAction, snapshotFor, type FlagAction } from '../../src/domain/bot-rules';
import { MSG } from '../../src/domain/errors';
import { enqueueBotAction } from '../../src/db/bot-action-queue';
import type { BotActionIntent } from '../../src/db/bot-profile-data';
import { getLocalDoc } from '../../src/db/local-store';
import { queuedActions } from '../../src/db/action-queue';
import { modifyConversation } from '../../src/db/modify-conversation';
import { reapplyQueuedBotActions } from '../../src/sync/bot-actions';
import { LEADER_LOCK, createLocalLockManager } from '../../src/sync/leader';
import { ECHO_BOT_ID, SHOP_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { demoReviewUuid } from '../../server/bot-profile/seed';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { sessionHeaders, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ pinLimit: 1 });
});
afterAll(() => t.close());

const signedInClient = signedInClients(() => t, { noSocket: true });

/** What the page's runBotAction does, on this client's database. */
async function act(c: ChatClient, bot: string, action: Exclude<FlagAction, { kind: 'report' }>): Promise<void> {
  let before = {};
  await modifyConversation(c.db, bot, (conv) => {
    before = snapshotFor(conv, action);
    return applyFlagAction(conv, action, Date.now());
  });
  await enqueueBotAction(c.db, bot, { kind: 'flag', action, before }, Date.now());
}

const queueLength = async (c: ChatClient) => (await queuedActions(c.db, 'bot-action')).length;
const conv = async (c: ChatClient, bot: string) => (await c.db.conversations.findOne(bot).exec())?.toMutableJSON();

async function serverEntry(c: ChatClient, bot: string) {
  const session = await getLocalDoc(c.db, 'session');
  const answer = await t.ok('getConversationList', {}, { session: { mobile: session!.mobile!, tokens: undefined as never, headers: sessionHeaders(session!.mobile!, session!.token!) } });
  return answer.conversation_list.find((e) => e.bot_uuid === bot);
}

describe('bot actions through the engine', () => {
  it('offline: applied at once, queued, and delivered in order on reconnect', async () => {
    const c = await signedInClient();
    await c.engine.invoke('openConversation', ECHO_BOT_ID);
    c.setOnline(false);
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline');
    await act(c, ECHO_BOT_ID, { kind: 'mute', mute_duration: -1 });
    await act(c, ECHO_BOT_ID, { kind: 'archive' });
    expect(await conv(c, ECHO_BOT_ID)).toMatchObject({ mute_duration: -1, archive_time: expect.any(Number) });
    expect(await queueLength(c)).toBe(2);
    expect((await serverEntry(c, ECHO_BOT_ID))?.archive_time).toBeNull();
    c.setOnline(true);
    await waitFor(async () => (await queueLength(c)) === 0, 5000, 'queue sent');
    expect(await serverEntry(c, ECHO_BOT_ID)).toMatchObject({ mute_duration: -1, archive_time: expect.any(Number) });
    // a list refresh keeps them (the server has them now)
    await c.engine.invoke('refreshChatLists');
    expect(await conv(c, ECHO_BOT_ID)).toMatchObject({ mute_duration: -1, archive_time: expect.any(Number) });
    expect((await getLocalDoc(c.db, 'bot-actions'))?.notice ?? null).toBeNull();
  });

  it('a list refresh while an action waits keeps the local change', async () => {
    const c = await signedInClient();
    await c.engine.invoke('openConversation', SLOW_BOT_ID);
    c.setOnline(false);
    await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline');
    await act(c, SLOW_BOT_ID, { kind: 'block' });
    // a list the server answered before it knew of the block overwrites the flag (as
    // refreshConversations does); the engine puts the queued action back
    await modifyConversation(c.db, SLOW_BOT_ID, (x) => ({ ...x, block_time: null }));
    await waitFor(async () => (await conv(c, SLOW_BOT_ID))?.block_time != null, 3000, 'block reapplied');
    // and the fold is stable: running it again writes nothing new
    const before = await conv(c, SLOW_BOT_ID);
    await reapplyQueuedBotActions(c.db, Date.now() + 1000);
    expect(await conv(c, SLOW_BOT_ID)).toEqual(before);
    c.setOnline(true);
    await waitFor(async () => (await queueLength(c)) === 0, 5000, 'queue sent');
    expect((await serverEntry(c, SLOW_BOT_ID))?.block_time).not.toBeNull();
  });

  it('an action queued while another tab held the leadership is sent when this engine takes over', async () => {
    // the lock held by a tab that is closing (a reload): this engine waits for it, and the
    // action written meanwhile must not wait for the next change of the queue or the network
    const locks = createLocalLockManager();
    let releaseOther = () => {};
    void locks.request(LEADER_LOCK, {}, () => new Promise<void>((resolve) => {
      releaseOther = resolve;
    }));
    const c = await signedInClient({ locks });
    await c.engine.invoke('openConversation', ECHO_BOT_ID);
    await act(c, ECHO_BOT_ID, { kind: 'archive' });
    // the engine sees the change of the queue and is asked directly: neither sends, as it does
    // not lead (a second, so that the change has reached the engine's watch before the release)
    await c.engine.invoke('flushBotActions');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(c.engine.isLeader()).toBe(false);
    expect(await queueLength(c)).toBe(1);
    releaseOther();
    await waitFor(() => c.engine.isLeader(), 2000, 'leads');
    await waitFor(async () => (await queueLength(c)) === 0, 5000, 'queue sent');
    expect((await serverEntry(c, ECHO_BOT_ID))?.archive_time).not.toBeNull();
  });

  it('a refused pin (over the server limit) is undone with "Error pinning the bot"', async () => {
    const c = await signedInClient();
    for (const bot of [ECHO_BOT_ID, SHOP_BOT_ID]) await c.engine.invoke('openConversation', bot);
    await act(c, ECHO_BOT_ID, { kind: 'pin' });
    await act(c, SHOP_BOT_ID, { kind: 'pin' });
    await waitFor(async () => (await queueLength(c)) === 0, 5000, 'queue sent');
    // the refused action leaves the queue first, then its change is undone
    await waitFor(async () => (await conv(c, SHOP_BOT_ID))?.pinned === false, 5000, 'refused pin undone');
    expect((await conv(c, ECHO_BOT_ID))?.pinned).toBe(true);
    expect((await getLocalDoc(c.db, 'bot-actions'))?.notice).toMatchObject({ textId: MSG.operation.pin });
    expect((await serverEntry(c, SHOP_BOT_ID))?.pinned).toBe(false);
  });

  it('reads the profile for offline use; votes and a review reach the server', async () => {
    const c = await signedInClient();
    expect((await c.engine.invoke('loadBotProfile', SHOP_BOT_ID)).ok).toBe(true);
    const profile = (await getLocalDoc(c.db, 'bot-profiles'))?.bots[SHOP_BOT_ID];
    expect(profile?.details?.name).toBe('Saathi Shop');
    expect(profile?.faqs?.length).toBeGreaterThan(3);
    expect(profile?.subscriberCount).toBeGreaterThan(1_000_000);
    expect(profile?.rating?.rating).toBeGreaterThan(0);
    // the report reasons come with it, for a report written offline
    expect((await getLocalDoc(c.db, 'bot-profiles'))?.reasons?.length).toBe(5);
    const first = await c.engine.invoke('loadBotReviews', SHOP_BOT_ID, 'newest', 0);
    expect(first).toEqual({ ok: true, value: { more: false } });
    const id = demoReviewUuid(SHOP_BOT_ID, 2);
    const vote: BotActionIntent = { kind: 'vote', review_uuid: id, vote: -1, before: { upvotes: 2, downvotes: 0, user_vote: null } };
    await enqueueBotAction(c.db, SHOP_BOT_ID, vote, Date.now());
    const applied = (await getLocalDoc(c.db, 'bot-profiles'))?.bots[SHOP_BOT_ID]?.reviews.newest?.list.find((r) => r.review_uuid === id);
    expect(applied).toMatchObject({ upvotes: 2, downvotes: 1, user_vote: -1 });
    await enqueueBotAction(c.db, SHOP_BOT_ID, { kind: 'submit-review', review: 'Fresh atta!', before: null }, Date.now());
    await waitFor(async () => (await queueLength(c)) === 0, 5000, 'queue sent');
    const after = (await getLocalDoc(c.db, 'bot-profiles'))?.bots[SHOP_BOT_ID];
    expect(after?.myReview).toMatchObject({ review: 'Fresh atta!', mine: true });
    expect(after?.myReview?.review_uuid).not.toMatch(/^local-/);
    await c.engine.invoke('loadBotReviews', SHOP_BOT_ID, 'newest', 0);
    const list = (await getLocalDoc(c.db, 'bot-profiles'))?.bots[SHOP_BOT_ID]?.reviews.newest?.list ?? [];
    expect(list[0]).toMatchObject({ review: 'Fresh atta!', mine: true });
    expect(list.find((r) => r.review_uuid === id)).toMatchObject({ downvotes: 1, user_vote: -1 });
  });

  it('offline, the profile read fails and what was stored stays', async () => {
    const c = await signedInClient();
    await c.engine.invoke('loadBotProfile', ECHO_BOT_ID);
    c.setOnline(false);
    expect((await c.engine.invoke('loadBotProfile', ECHO_BOT_ID)).ok).toBe(false);
    expect((await getLocalDoc(c.db, 'bot-profiles'))?.bots[ECHO_BOT_ID]?.details?.name).toBe('Echo');
  });
});
