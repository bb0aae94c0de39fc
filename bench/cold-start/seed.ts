// The seeding page of bench/cold-start.bench.ts, served on the app's own origin (so it writes the
// app's database, 'chatbot'): a real sign-in and onboarding through the engine (so the app opens
// on /home when online), then 200 conversations × 500 messages stored by storeServerMessages, the
// engine's own write path, and the Chat tab chosen. Exposed as window.seed for playwright-core.
import type { ChatMessage } from '../../src/api/messages';
import { DEFAULT_DB_NAME, openDatabase } from '../../src/db/database';
import { DEFAULT_SETTINGS } from '../../src/db/defaults';
import { ensureSession, getLocalDoc, patchLocalDoc } from '../../src/db/local-store';
import { modifyConversation } from '../../src/db/modify-conversation';
import { createInProcessEngine } from '../../src/sync/engine';
import { storeServerMessages } from '../../src/sync/message-store';

const WORDS = 'namaste kal milte hain order ready delivery today price offer thanks please send the photo again yes no maybe later'.split(' ');

function messagesOf(conversation: number, count: number, start: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let i = 0; i < count; i++) {
    const time = start + i * 60_000;
    const id = `c${String(conversation).padStart(3, '0')}-${String(i).padStart(5, '0')}`;
    const fromUser = i % 3 === 1;
    const words = Array.from({ length: 4 + ((i * 7 + conversation) % 12) }, (_, k) => WORDS[(i + k * 3 + conversation) % WORDS.length]!).join(' ');
    out.push({
      message_id: id,
      sk: `${String(time).padStart(15, '0')}_${String(i).padStart(9, '0')}_${id}`,
      timestamp: time,
      from: fromUser ? 'user' : 'bot',
      type: 'text',
      text: { body: words },
      client_message_id: fromUser ? `client-${id}` : null,
    });
  }
  return out;
}

async function must<T>(what: string, p: Promise<{ ok: true; value: T } | { ok: false; error: { key: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`${what} failed: ${r.error.key}`);
  return r.value;
}

/** `conversation`: fields written on every seeded conversation (bench/thread-open.bench.ts: all history stored, nothing unread). */
async function seed(opts: { mobile: string; otp: string; conversations: number; perConversation: number; conversation?: { history_complete?: boolean; unread_count?: number } }): Promise<{ ms: number; stored: number }> {
  const started = performance.now();
  const db = await openDatabase({ name: DEFAULT_DB_NAME });
  await ensureSession(db);
  const engine = createInProcessEngine(db, { origin: '', versionName: 'bench', fetch: (i, init) => fetch(i, init), createSocket: () => { throw new Error('no socket while seeding'); } });
  await must('requestOtp', engine.invoke('requestOtp', opts.mobile));
  await must('verifyOtp', engine.invoke('verifyOtp', opts.otp));
  await must('chooseLanguage', engine.invoke('chooseLanguage', 'en'));
  await must('updateProfile', engine.invoke('updateProfile', { name: 'Bench' }));
  await must('saveLocation', engine.invoke('saveLocation', 'MH', 'Pune'));
  await engine.close();
  const owner = (await getLocalDoc(db, 'session'))?.mobile ?? '';
  const start = Date.now() - opts.perConversation * 60_000 - opts.conversations * 1000;
  let stored = 0;
  for (let c = 0; c < opts.conversations; c++) {
    const botUuid = String(9_000_000_000_000_000 + c);
    const messages = messagesOf(c, opts.perConversation, start + c * 1000);
    stored += (await storeServerMessages(db, botUuid, messages, { owner })).length;
    await modifyConversation(db, botUuid, (x) => ({ ...x, name: `Shop ${c + 1}`, icon: '/icons/bots/shop.svg', initial_loaded: true, ...opts.conversation }));
  }
  await patchLocalDoc(db, 'settings', { homeTab: 'chat' }, DEFAULT_SETTINGS);
  await db.close();
  return { ms: performance.now() - started, stored };
}

declare global {
  interface Window {
    seed?: typeof seed;
  }
}
window.seed = seed;
