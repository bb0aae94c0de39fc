// The app under the flood limits (issue 21): the sync engine (the worker's code, in-process)
// sends faster than a server with a small send rate allows. The server refuses some sends with an
// error frame 429 on the socket; the outbox backs those off and sends them again, so every message
// still reaches the server once, in the order it was written, on the same socket.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { getLocalDoc } from '../../src/db/local-store';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { startChatClient, waitFor, type ChatClient } from './helpers/chat-client';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ floodLimits: { userSends: { burst: 3, perSecond: 2 } } });
});
afterAll(() => t.close());

const clients: ChatClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function serverMessages(c: ChatClient): Promise<ChatMessage[]> {
  const session = await getLocalDoc(c.db, 'session');
  const headers = { mobile: session!.mobile!, 'session-id': session!.token!, 'content-type': 'application/json' };
  const all: ChatMessage[] = [];
  let token: string | null = null;
  do {
    const res = await t.fetch('/api/bot/get-messages', { method: 'POST', headers, body: JSON.stringify({ bot_uuid: ECHO_BOT_ID, direction: 'forward', next_token: token }) });
    const page = (await res.json()) as { messages: ChatMessage[]; next_token: string | null };
    all.push(...page.messages);
    token = page.next_token;
  } while (token);
  return all;
}

it('delivers every message once and in order when the server refuses some sends with 429', async () => {
  const c = await startChatClient({ origin: t.url });
  clients.push(c);
  await c.signIn(t.freshMobile(), (m) => t.lastCode(m));
  await waitFor(async () => (await getLocalDoc(c.db, 'sync-status'))?.socketState === 1, 5000, 'socket open');
  const userUuid = (await t.server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile = $1', [(await getLocalDoc(c.db, 'session'))!.mobile]))[0]!.user_uuid;

  // what the outbox was told about its sends: a refusal leaves its message in last_error
  const errors = new Set<string>();
  c.db.outbox.find().$.subscribe((docs) => {
    for (const d of docs) if (d.last_error) errors.add(d.last_error);
  });
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) ids.push(await c.sendText(ECHO_BOT_ID, `burst ${i}`));

  await waitFor(async () => (await c.db.outbox.count().exec()) === 0, 25_000, 'outbox empty');
  const stored = (await serverMessages(c)).filter((m) => m.from === 'user').map((m) => m.client_message_id);
  expect(stored).toEqual(ids);
  expect([...errors].some((e) => /Too many messages/.test(e))).toBe(true);
  // the socket stayed open through the refusals
  expect(t.server.openSockets(userUuid)).toBe(1);
}, 40_000);
