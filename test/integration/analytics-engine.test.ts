// Issue 18: analytics events through the engine (in-process, the worker's code) against the real
// server. Events recorded offline wait in the one action queue (kind 'analytics'); when the network
// returns they go in batches of at most 25 and each is stored once in the server's table, even when
// an answer is lost on the way back; no phone number leaves the device; the bot's meta.gaEvents
// join them; turning analytics off records nothing and drops the buffer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedActions } from '../../src/db/action-queue';
import { dropAnalyticsBuffer, trackEvent } from '../../src/db/analytics';
import { DEFAULT_SETTINGS } from '../../src/db/defaults';
import { getLocalDoc, patchLocalDoc } from '../../src/db/local-store';
import { ANALYTICS_EVENT } from '../../src/domain/analytics';
import { analyticsAlias } from '../../src/sync/analytics-sync';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Counts the engine's calls to /analytics/track (and their event counts); `loseFirst`: the first answer never arrives. */
function trackCalls(opts: { loseFirst?: boolean } = {}) {
  const calls: number[] = [];
  let lost = !opts.loseFirst;
  const wrapFetch = (f: typeof fetch): typeof fetch => async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/api/analytics/track')) return f(input, init);
    calls.push((JSON.parse(String(init?.body)) as { events: unknown[] }).events.length);
    const answer = await f(input, init);
    if (!lost) {
      lost = true;
      // the server stored the batch; the device never hears so
      throw new TypeError('fetch failed');
    }
    return answer;
  };
  return { calls, wrapFetch };
}

const signedIn = signedInClients(() => t, { noSocket: true });

async function goOffline(c: ChatClient): Promise<void> {
  c.setOnline(false);
  await c.engine.invoke('networkChanged', false);
  await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.online === false, 2000, 'offline');
}
async function goOnline(c: ChatClient): Promise<void> {
  c.setOnline(true);
  await c.engine.invoke('networkChanged', true);
}

async function serverRows(c: ChatClient) {
  const mobile = (await getLocalDoc(c.db, 'session'))!.mobile!;
  return t.server.db.query<{ event_id: string; name: string; alias: string; params: Record<string, unknown> }>(
    `SELECT e.event_id, e.name, e.alias, e.params FROM analytics_events e JOIN users u USING (user_uuid) WHERE u.mobile = $1 ORDER BY e.event_id`, [mobile]);
}
const queuedIds = async (c: ChatClient) => (await queuedActions(c.db, 'analytics')).map((a) => a.id);

describe('analytics through the engine', () => {
  it('buffers events offline and delivers each once when the network returns, an answer lost on the way back included', async () => {
    const { calls, wrapFetch } = trackCalls({ loseFirst: true });
    const c = await signedIn({ wrapFetch });
    await goOffline(c);
    await trackEvent(c.db, ANALYTICS_EVENT.screenView, { screen: 'settings' });
    await trackEvent(c.db, ANALYTICS_EVENT.botMute, { bot_uuid: ECHO_BOT_ID, mute_duration: -1 });
    await trackEvent(c.db, ANALYTICS_EVENT.otpVerified, { note: `call me on ${c.mobile}` });
    const ids = await queuedIds(c);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(await serverRows(c)).toEqual([]);

    await goOnline(c);
    await waitFor(async () => (await queuedIds(c)).length === 0, 15_000, 'the buffer to empty');
    const rows = await serverRows(c);
    // every buffered event exactly once, the ones recorded while signing in included
    expect(rows.map((r) => r.event_id)).toEqual([...ids].sort());
    expect(rows.filter((r) => r.name === 'screen_view' && r.params.screen === 'settings').length).toBe(1);
    expect(rows.find((r) => r.name === 'bot_mute')?.params).toEqual({ bot_uuid: ECHO_BOT_ID, mute_duration: -1 });
    // the phone number never left: dropped from the parameters, and the alias is its salted hash
    expect(rows.find((r) => r.name === 'otp_verified')?.params).toEqual({});
    const session = (await getLocalDoc(c.db, 'session'))!;
    expect(rows.every((r) => r.alias === rows[0]!.alias)).toBe(true);
    expect(rows[0]!.alias).toBe(await analyticsAlias(session.deviceId, session.mobile!));
    expect(JSON.stringify(rows)).not.toContain(session.mobile!.slice(3));
    // the lost answer was asked again with the same batch: one call too many, no row too many
    expect(calls.length).toBe(2);
    expect(calls[0]).toBe(calls[1]);
  });

  it('sends a long buffer in batches of at most 25', async () => {
    const { calls, wrapFetch } = trackCalls();
    const c = await signedIn({ wrapFetch });
    await waitFor(async () => (await queuedIds(c)).length === 0, 15_000, 'the sign-in events to go');
    calls.length = 0;
    await goOffline(c);
    for (let i = 0; i < 30; i++) await trackEvent(c.db, ANALYTICS_EVENT.screenView, { screen: 'feed', n: i });
    await goOnline(c);
    await waitFor(async () => (await queuedIds(c)).length === 0, 15_000, 'the buffer to empty');
    expect(calls).toEqual([25, 5]);
    expect((await serverRows(c)).filter((r) => r.params.screen === 'feed').length).toBe(30);
  });

  it('records the bot\'s meta.gaEvents of a webhook answer', async () => {
    const c = await signedIn();
    await c.sendText(ECHO_BOT_ID, 'hello');
    await waitFor(async () => (await serverRows(c)).some((r) => r.name === 'message_sent'), 15_000, 'the bot event');
    const row = (await serverRows(c)).find((r) => r.name === 'message_sent')!;
    expect(row.params).toMatchObject({ category: 'chat', label: ECHO_BOT_ID, value: 1, bot_uuid: ECHO_BOT_ID });
  });

  it('with analytics off records nothing; turning it off drops the buffer', async () => {
    const c = await signedIn();
    await goOffline(c);
    await trackEvent(c.db, ANALYTICS_EVENT.reward, { kind: 'spin_the_wheel' });
    expect((await queuedActions(c.db, 'analytics')).some((a) => a.payload.name === 'reward')).toBe(true);
    await patchLocalDoc(c.db, 'settings', { analytics: false }, DEFAULT_SETTINGS);
    expect(await dropAnalyticsBuffer(c.db)).toBeGreaterThanOrEqual(1);
    await trackEvent(c.db, ANALYTICS_EVENT.reward, { kind: 'memory_match' });
    expect(await queuedIds(c)).toEqual([]);
    await goOnline(c);
    await c.engine.invoke('syncNow');
    expect((await serverRows(c)).some((r) => r.name === 'reward')).toBe(false);
  });
});
