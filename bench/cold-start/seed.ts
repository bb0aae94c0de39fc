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
import type { FeedPost } from '../../src/api/feed-contract';
import { FEED_META_ID, feedDocId, withFeedRank, type FeedDoc } from '../../src/db/schemas';
import { EMPTY_FEED_META } from '../../src/sync/feed-sync';

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

/** Feed post n (bench/feed-open.bench.ts): polls, quizzes and announcements in turn, newest first by n. */
function feedPostOf(n: number, now: number): FeedPost {
  const kind = (['poll', 'quiz', 'announcement'] as const)[n % 3]!;
  const words = (k: number) => Array.from({ length: k }, (_, i) => WORDS[(n + i * 5) % WORDS.length]!).join(' ');
  const options = (prefix: string) => [0, 1, 2].map((i) => ({ uuid: `${prefix}-${n}-${i}`, text: words(2 + i), answers: (n * 7 + i * 13) % 50 }));
  return {
    post_uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, type: kind, subtype: kind,
    bot: { bot_uuid: '1000000000000106', name: 'Quiz Champ', icon: '/icons/bots/quiz-champ.svg' },
    title: `${n + 1}. ${words(6)}`, body: kind === 'announcement' ? words(18) : '', media: null, deep_link: '', created_at: now - n * 60_000,
    options: kind === 'poll' ? options('o') : [], multiple: false, allow_custom_response: false, user_vote: null,
    question_list: kind === 'quiz' ? [{ uuid: `q-${n}`, text: words(5), options: options('q'), user_answer: null, correct_option_uuid: null }] : [],
    reactions: { like: n % 9, clap: n % 4 }, user_reaction: null, is_saved: false, view_count: n % 100,
  };
}

async function must<T>(what: string, p: Promise<{ ok: true; value: T } | { ok: false; error: { key: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`${what} failed: ${r.error.key}`);
  return r.value;
}

/** `conversation`: fields written on every seeded conversation (bench/thread-open.bench.ts: all history stored, nothing unread). */
async function seed(opts: { mobile: string; otp: string; conversations: number; perConversation: number; conversation?: { history_complete?: boolean; unread_count?: number }; feedPosts?: number }): Promise<{ ms: number; stored: number }> {
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
  if (opts.feedPosts) {
    // the feed stored as its sync leaves it (fully read, just visited in this sign-in), Post tab chosen
    const now = Date.now();
    const docs: FeedDoc[] = Array.from({ length: opts.feedPosts }, (_, n) => {
      const post = feedPostOf(n, now);
      return withFeedRank({ id: feedDocId.post(post.post_uuid), kind: 'item', order: post.created_at, type: 'post', post_uuid: post.post_uuid, payload: { type: 'post', post }, fetched_at: now });
    });
    const session = (await getLocalDoc(db, 'session'))?.clientSessionId ?? null;
    docs.push(withFeedRank({ id: FEED_META_ID, kind: 'meta', order: 0, type: '', post_uuid: '', payload: { ...EMPTY_FEED_META, hasMore: false, lastVisitAt: now, lastVisitSession: session }, fetched_at: now }));
    await db.feed.bulkInsert(docs);
    stored += opts.feedPosts;
  }
  await patchLocalDoc(db, 'settings', { homeTab: opts.feedPosts ? 'post' : 'chat' }, DEFAULT_SETTINGS);
  await db.close();
  return { ms: performance.now() - started, stored };
}

declare global {
  interface Window {
    seed?: typeof seed;
  }
}
window.seed = seed;
