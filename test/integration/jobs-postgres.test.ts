// Issue 19: timed work is durable on PostgreSQL (pg-boss, server/jobs). A slow bot's delayed reply
// is scheduled by server A, a real process that is then killed with SIGKILL before the reply is
// due; server B, started on the same (fresh) database, stores the reply at its due time, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { SLOW_BOT_ID } from '../../server/bots/bot-types';
import { createServer, type Server } from '../../server/app';
import { freshMobile } from './helpers/server';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { createFreshDatabase, type FreshDatabase } from './helpers/pg-database';

const DELAY_MS = 8000;
let database: FreshDatabase;
const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-jobs-'));
let a: ServerProcess | undefined;
let b: Server | undefined;

beforeAll(async () => {
  database = await createFreshDatabase('jobs');
});
afterAll(async () => {
  if (a && a.child.exitCode === null && a.child.signalCode === null) { a.child.kill('SIGKILL'); await a.exited; }
  await b?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() as Record<string, unknown> };
}

it('a delayed bot reply survives the kill -9 of the server that scheduled it: another server stores it when due, once', async () => {
  a = startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, OTP_FIXED: '1234', SLOW_BOT_DELAY_MS: String(DELAY_MS) });
  const urlA = await a.url();
  const mobile = freshMobile();
  expect((await post(urlA, '/mobile/send-otp', { mobile })).status).toBe(200);
  const signedIn = await post(urlA, '/mobile/verify-otp', { mobile, otp: '1234' });
  expect(signedIn.status).toBe(200);
  const session = { mobile, 'session-id': String(signedIn.json.token) };
  const sent = await post(urlA, '/bot/message-webhook-pwa', { botId: SLOW_BOT_ID, messages: [{ type: 'text', text: { body: 'wait for me' }, client_message_id: `jobs-${Date.now()}` }] }, session);
  expect(sent.status).toBe(200);
  // the slow bot answers later: only the user's own message now
  const messages = sent.json.messages as ChatMessage[];
  expect(messages.map((m) => m.from)).toEqual(['user']);
  const messageId = messages[0]!.message_id;
  a.child.kill('SIGKILL');
  expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });

  b = await createServer({ databaseUrl: database.url, logger: false, slowBotDelayMs: DELAY_MS, staticDir: dataDir });
  await b.listen();
  const db = b.db;
  const [job] = await db.query<{ due_at: number }>('SELECT due_at FROM bot_jobs WHERE message_id = $1', [messageId]);
  // B's start left the queued reply to the queue (not answered at once, before it is due)
  expect(job?.due_at).toBeGreaterThan(Date.now());
  const replies = () => db.query<{ message_id: string; created_at: number; payload: { text?: { body?: string } } }>(
    "SELECT message_id, created_at, payload FROM messages WHERE in_reply_to = $1 AND sender = 'bot'", [messageId]);
  expect(await replies()).toEqual([]);
  await expect.poll(async () => (await replies()).length, { timeout: DELAY_MS + 10_000, interval: 200 }).toBe(1);
  const [reply] = await replies();
  expect(reply!.payload.text?.body).toBe('wait for me');
  expect(reply!.created_at).toBeGreaterThanOrEqual(job!.due_at);
  // the claim is gone and the pg-boss job is done; a while later still one reply
  expect(await db.query('SELECT 1 FROM bot_jobs WHERE message_id = $1', [messageId])).toEqual([]);
  await expect.poll(async () => (await db.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'bot-reply'")).map((r) => r.state), { timeout: 5000 }).toEqual(['completed']);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect((await replies()).length).toBe(1);
}, 90_000);
