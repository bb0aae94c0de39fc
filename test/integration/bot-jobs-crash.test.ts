// Issue 21, item 8: a crash between storing a user message and acknowledging it loses nothing
// and doubles nothing. The server runs as a real process on its own PGlite data directory; a
// test-only hook (TEST_CRASH_POINT=after-user-message) kills it with SIGKILL right after the first
// new user message is committed, before any answer leaves. An immediate bot's reply commits with
// the message (server/bots/runtime.ts), so after a restart it is there exactly once. A delayed
// bot's reply is a job committed with the message: the next start answers the job left behind.
// Either way a retry with the same client_message_id answers the same messages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { findBot } from '../../server/bots/registry';
import type { BotDefinition } from '../../server/bots/bot-types';
import { MAX_JOB_ATTEMPTS } from '../../server/bots/jobs';
import { freshMobile, startTestServer, type TestServer } from './helpers/server';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const ECHO_BOT_ID = '1000000000000001';
const SLOW_BOT_ID = '1000000000000002';
const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-crash-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) { p.child.kill('SIGKILL'); await p.exited; }
  rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}): ServerProcess {
  const p = startServerProcess({ DATA_DIR: dataDir, OTP_FIXED: '1234', ...env });
  running.push(p);
  return p;
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() as Record<string, unknown> };
}

const bodies = (messages: readonly ChatMessage[]) => messages.map((m) => [m.from, (m as { text?: { body?: string } }).text?.body]);

describe('bot replies and a crash (kill -9) after the message is stored', () => {
  it('an immediate reply is there after the restart, and a delayed one is answered by the start, each exactly once, to a retry alike', async () => {
    const mobile = freshMobile();
    let session: Record<string, string> = {};
    const send = (url: string, botId: string, body: string, clientMessageId: string) =>
      post(url, '/bot/message-webhook-pwa', { botId, messages: [{ type: 'text', text: { body }, client_message_id: clientMessageId }] }, session);
    const thread = async (url: string, botId: string) => ((await post(url, '/bot/get-messages', { bot_uuid: botId, direction: 'forward' }, session)).json.messages as ChatMessage[]);
    const slowId = `crash-slow-${Date.now()}`;
    const echoId = `crash-echo-${Date.now()}`;

    // 1. the slow bot's message and its job are committed, then the process dies: no answer at all
    const first = start({ TEST_CRASH_POINT: 'after-user-message' });
    const url1 = await first.url();
    expect((await post(url1, '/mobile/send-otp', { mobile })).status).toBe(200);
    const signedIn = await post(url1, '/mobile/verify-otp', { mobile, otp: '1234' });
    expect(signedIn.status).toBe(200);
    session = { mobile, 'session-id': String(signedIn.json.token) };
    await expect(send(url1, SLOW_BOT_ID, 'wait for me', slowId)).rejects.toThrow();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // 2. the next start answers the job left behind at once; then Echo's message and its reply
    // are committed together, and the process dies before acknowledging them
    const second = start({ TEST_CRASH_POINT: 'after-user-message' });
    const url2 = await second.url();
    await second.waitFor((l) => l.msg === 'answering bot jobs left by the previous run' && l.jobs === 1, 'about the job left behind');
    await expect.poll(async () => bodies(await thread(url2, SLOW_BOT_ID)), { timeout: 30_000 }).toEqual([['user', 'wait for me'], ['bot', 'wait for me']]);
    await expect(send(url2, ECHO_BOT_ID, 'survive this', echoId)).rejects.toThrow();
    expect(await second.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // 3. both threads hold the message and one reply; the client's retries answer the same
    // messages and store nothing new
    const third = start();
    const url3 = await third.url();
    for (const [botId, body, clientId] of [[SLOW_BOT_ID, 'wait for me', slowId], [ECHO_BOT_ID, 'survive this', echoId]] as const) {
      const stored = await thread(url3, botId);
      expect(bodies(stored)).toEqual([['user', body], ['bot', body]]);
      for (let i = 0; i < 2; i++) {
        const retried = await send(url3, botId, body, clientId);
        expect(retried.status).toBe(200);
        expect((retried.json.messages as ChatMessage[]).map((m) => m.message_id)).toEqual(stored.map((m) => m.message_id));
      }
      expect((await thread(url3, botId)).map((m) => m.message_id)).toEqual(stored.map((m) => m.message_id));
    }
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
  }, 300_000);
});

describe('a request that died after storing the message, and a bot that fails (in process)', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });
  const jobsOf = async (userUuid: string) =>
    (await t!.server.db.query<{ attempts: number }>('SELECT attempts FROM bot_jobs WHERE user_uuid = $1', [userUuid])).map((j) => j.attempts);
  const textTo = (botId: string, body: string) => ({ botId, messages: [{ type: 'text' as const, text: { body }, client_message_id: `send-${Date.now()}-${Math.random().toString(36).slice(2)}` }] });

  it("an immediate bot's reply is committed with the message: a retry answers both, no job is left", async () => {
    let failNext = true;
    t = await startTestServer({ afterUserMessageStored: () => { if (failNext) { failNext = false; throw new Error('died here (test)'); } } });
    const me = await t.signIn();
    const body = textTo(ECHO_BOT_ID, 'again?');
    expect((await t.call('messageWebhookPwa', body, { session: me })).status).toBe(500);
    expect(await jobsOf(me.tokens.user.user_uuid)).toEqual([]);
    const retried = await t.ok('messageWebhookPwa', body, { session: me });
    expect(bodies(retried.messages)).toEqual([['user', 'again?'], ['bot', 'again?']]);
    const again = await t.ok('messageWebhookPwa', body, { session: me });
    expect(again.messages.map((m) => m.message_id)).toEqual(retried.messages.map((m) => m.message_id));
  }, 120_000);

  it("a delayed bot's job is committed with the message: a retry runs the job left behind and answers the reply once", async () => {
    let failNext = true;
    t = await startTestServer({ slowBotDelayMs: 60_000, afterUserMessageStored: () => { if (failNext) { failNext = false; throw new Error('died here (test)'); } } });
    const me = await t.signIn();
    const body = textTo(SLOW_BOT_ID, 'later?');
    expect((await t.call('messageWebhookPwa', body, { session: me })).status).toBe(500);
    expect(await jobsOf(me.tokens.user.user_uuid)).toEqual([1]);
    const retried = await t.ok('messageWebhookPwa', body, { session: me });
    expect(bodies(retried.messages)).toEqual([['user', 'later?'], ['bot', 'later?']]);
    const again = await t.ok('messageWebhookPwa', body, { session: me });
    expect(again.messages.map((m) => m.message_id)).toEqual(retried.messages.map((m) => m.message_id));
    expect(await jobsOf(me.tokens.user.user_uuid)).toEqual([]);
  }, 120_000);

  it("a bot that fails: what it wrote is rolled back, at the send and at a retry of its job, the message is kept with a job, and a retry answers once it works", async () => {
    t = await startTestServer();
    const me = await t.signIn();
    const userUuid = me.tokens.user.user_uuid;
    const echo = findBot(ECHO_BOT_ID)!;
    const works = echo.answer.bind(echo);
    // writes the bot's state, then throws
    const breaks: BotDefinition['answer'] = async (_m, ctx) => {
      await ctx.db.query('INSERT INTO bot_state (user_uuid, bot_uuid, state, updated_at) VALUES ($1, $2, $3, $4)', [ctx.userUuid, ctx.botUuid, '{}', ctx.now]);
      throw new Error('the bot broke (test)');
    };
    vi.spyOn(echo, 'answer').mockImplementation(breaks);
    const body = textTo(ECHO_BOT_ID, 'broken?');
    const stateRows = () => t!.server.db.query('SELECT 1 FROM bot_state WHERE user_uuid = $1', [userUuid]);
    expect((await t.call('messageWebhookPwa', body, { session: me })).status).toBe(500);
    expect(await stateRows()).toEqual([]);
    expect(await jobsOf(userUuid)).toEqual([1]);
    // the send subscribed the user all the same (stored with the message and its job)
    expect(await t.server.db.query('SELECT 1 FROM subscriptions WHERE user_uuid = $1 AND bot_uuid = $2', [userUuid, ECHO_BOT_ID])).toHaveLength(1);
    const thread = await t.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'forward' }, { session: me });
    expect(bodies(thread.messages)).toEqual([['user', 'broken?']]);
    // the retry runs the job left behind (runLeftJob): the bot answers inside the transaction
    // that would store its replies, so what it wrote goes too
    expect((await t.call('messageWebhookPwa', body, { session: me })).status).toBe(500);
    expect(await stateRows()).toEqual([]);
    expect(await jobsOf(userUuid)).toEqual([2]);
    expect(echo.answer).toHaveBeenCalledTimes(2);
    vi.mocked(echo.answer).mockImplementation(works);
    const retried = await t.ok('messageWebhookPwa', body, { session: me });
    expect(bodies(retried.messages)).toEqual([['user', 'broken?'], ['bot', 'broken?']]);
    expect(await jobsOf(userUuid)).toEqual([]);
  }, 120_000);

  it(`a bot that keeps failing is given up after ${MAX_JOB_ATTEMPTS} runs: the retry then answers the message alone`, async () => {
    t = await startTestServer();
    const me = await t.signIn();
    const echo = findBot(ECHO_BOT_ID)!;
    vi.spyOn(echo, 'answer').mockRejectedValue(new Error('the bot broke (test)'));
    const body = textTo(ECHO_BOT_ID, 'never?');
    expect((await t.call('messageWebhookPwa', body, { session: me })).status).toBe(500);
    for (let run = 2; run <= MAX_JOB_ATTEMPTS; run++) {
      expect((await t.call('messageWebhookPwa', body, { session: me })).status).toBe(500);
      expect(await jobsOf(me.tokens.user.user_uuid)).toEqual([run]);
    }
    const last = await t.ok('messageWebhookPwa', body, { session: me });
    expect(bodies(last.messages)).toEqual([['user', 'never?']]);
    expect(echo.answer).toHaveBeenCalledTimes(MAX_JOB_ATTEMPTS);
  }, 120_000);
});
