// Issue 19: without PostgreSQL (PGlite, one process) timed work runs in the in-process JobQueue
// (server/jobs/local-queue.ts), whose jobs are rows of timed_jobs until they have run. A server
// stopped before a slow bot's reply is due keeps it: the next start on the same data directory
// stores it when due, once, and not before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/api/messages';
import { SLOW_BOT_ID } from '../../server/bots/bot-types';
import { createServer, type Server } from '../../server/app';
import { freshMobile } from './helpers/server';

const DELAY_MS = 4000;
const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-local-jobs-'));
const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ server: Server; url: string }> {
  // no db, no databaseUrl: PGlite in dataDir and the in-process queue
  const server = await createServer({ dataDir, otpFixed: '1234', logger: false, slowBotDelayMs: DELAY_MS, staticDir: dataDir });
  servers.push(server);
  return { server, url: await server.listen() };
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() as Record<string, unknown> };
}

it('a delayed reply scheduled before a stop is stored by the next start when due, once', async () => {
  const first = await start();
  const mobile = freshMobile();
  expect((await post(first.url, '/mobile/send-otp', { mobile })).status).toBe(200);
  const signedIn = await post(first.url, '/mobile/verify-otp', { mobile, otp: '1234' });
  const session = { mobile, 'session-id': String(signedIn.json.token) };
  const sent = await post(first.url, '/bot/message-webhook-pwa', { botId: SLOW_BOT_ID, messages: [{ type: 'text', text: { body: 'after a restart' }, client_message_id: `local-${Date.now()}` }] }, session);
  expect(sent.status).toBe(200);
  const messageId = (sent.json.messages as ChatMessage[])[0]!.message_id;
  expect((await first.server.db.query('SELECT name FROM timed_jobs')).length).toBe(1);
  const [job] = await first.server.db.query<{ due_at: number }>('SELECT due_at FROM bot_jobs WHERE message_id = $1', [messageId]);
  expect(job?.due_at).toBeGreaterThan(Date.now());
  await first.server.close();

  const second = await start();
  const db = second.server.db;
  const replies = () => db.query<{ created_at: number }>("SELECT created_at FROM messages WHERE in_reply_to = $1 AND sender = 'bot'", [messageId]);
  await expect.poll(async () => (await replies()).length, { timeout: DELAY_MS + 20_000, interval: 200 }).toBe(1);
  // when due, not at once by the start (a PGlite start can take longer than the delay here)
  expect((await replies())[0]!.created_at).toBeGreaterThanOrEqual(job!.due_at);
  await expect.poll(async () => (await db.query('SELECT 1 FROM timed_jobs')).length, { timeout: 3000 }).toBe(0);
  expect(await db.query('SELECT 1 FROM bot_jobs WHERE message_id = $1', [messageId])).toEqual([]);
}, 60_000);
