// Issue 21, item 8: a crash between storing a user message and storing the bot's reply loses
// nothing. The server runs as a real process on its own PGlite data directory; a test-only hook
// (TEST_CRASH_POINT=after-user-message) kills it with SIGKILL right after the message and its
// bot job are committed. After a restart the reply is there exactly once: answered by the start
// (the job left behind), and a retry with the same client_message_id answers the same reply.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { freshMobile, startTestServer } from './helpers/server';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const ECHO_BOT_ID = '1000000000000001';
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

describe('bot replies and a crash (kill -9) between the message and the reply', () => {
  it('answers the reply after the restart, exactly once, to the start and to a retry alike', async () => {
    const first = start({ TEST_CRASH_POINT: 'after-user-message' });
    const url1 = await first.url();
    const mobile = freshMobile();
    expect((await post(url1, '/mobile/send-otp', { mobile })).status).toBe(200);
    const signedIn = await post(url1, '/mobile/verify-otp', { mobile, otp: '1234' });
    expect(signedIn.status).toBe(200);
    const session = { mobile, 'session-id': String(signedIn.json.token) };
    const clientMessageId = `crash-${Date.now()}`;
    const send = (url: string) => post(url, '/bot/message-webhook-pwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'survive this' }, client_message_id: clientMessageId }] }, session);

    // the process dies inside the request: no answer at all
    await expect(send(url1)).rejects.toThrow();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const second = start();
    const url2 = await second.url();
    // the start answers the job the crash left behind
    await second.waitFor((l) => l.msg === 'answering bot jobs left by the previous run' && l.jobs === 1, 'about the job left behind');
    const thread = async () => ((await post(url2, '/bot/get-messages', { bot_uuid: ECHO_BOT_ID, direction: 'forward' }, session)).json.messages as ChatMessage[]);
    await expect.poll(async () => (await thread()).filter((m) => m.from === 'bot').length, { timeout: 30_000 }).toBe(1);
    const stored = await thread();
    expect(stored.map((m) => [m.from, (m as { text?: { body?: string } }).text?.body])).toEqual([['user', 'survive this'], ['bot', 'survive this']]);

    // the client's retry of the unanswered send: the same message and the same one reply, nothing new
    for (let i = 0; i < 2; i++) {
      const retried = await send(url2);
      expect(retried.status).toBe(200);
      expect((retried.json.messages as ChatMessage[]).map((m) => m.message_id)).toEqual(stored.map((m) => m.message_id));
    }
    expect((await thread()).map((m) => m.message_id)).toEqual(stored.map((m) => m.message_id));

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 300_000);
});

describe('a request that died after storing the message (in process)', () => {
  it('a retry with the same client_message_id runs the job left behind and answers the reply once', async () => {
    let failNext = true;
    const t = await startTestServer({ afterUserMessageStored: () => { if (failNext) { failNext = false; throw new Error('died here (test)'); } } });
    try {
      const me = await t.signIn();
      const body = { botId: ECHO_BOT_ID, messages: [{ type: 'text' as const, text: { body: 'again?' }, client_message_id: `die-${Date.now()}` }] };
      expect((await t.call('messageWebhookPwa', body, { session: me })).status).toBe(500);
      const jobs = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_jobs WHERE user_uuid = $1', [me.tokens.user.user_uuid]);
      expect(jobs[0]!.n).toBe(1);
      const retried = await t.ok('messageWebhookPwa', body, { session: me });
      expect(retried.messages.map((m) => [m.from, (m as { text?: { body?: string } }).text?.body])).toEqual([['user', 'again?'], ['bot', 'again?']]);
      const again = await t.ok('messageWebhookPwa', body, { session: me });
      expect(again.messages.map((m) => m.message_id)).toEqual(retried.messages.map((m) => m.message_id));
      const left = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_jobs WHERE user_uuid = $1', [me.tokens.user.user_uuid]);
      expect(left[0]!.n).toBe(0);
    } finally {
      await t.close();
    }
  }, 120_000);
});
