// Property (issue 13): random votes, vote changes, reactions and quiz answers by several users,
// with offline spells, lost answers (the server took the call, the answer never came) and
// duplicate sends, through the real client code (feed-sync's queue kind, the one runner, the
// HTTP client with Idempotency-Keys) against the real server. Once every client is back online
// and its queue is empty: each user's last vote, last reaction and first quiz answer is on the
// server exactly once, the server's counts are those choices counted, and every client shows the
// server's counts. FEED_PROPERTY_RUNS sets the runs (default 6).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeedPost } from '../../src/api/feed-contract';
import type { AppDatabase } from '../../src/db/database';
import { queuedActions } from '../../src/db/action-queue';
import { feedDocId } from '../../src/db/schemas';
import { displayPost } from '../../src/domain/feed-reducers';
import { FEED_REACTIONS, type FeedReaction } from '../../src/domain/feed-rules';
import { errorForStatus, BadStatusError } from '../../src/domain/errors';
import { createActionRunner } from '../../src/sync/action-runner';
import { createFeedSync, feedActionKind } from '../../src/sync/feed-sync';
import { createHttpClient, systemClock } from '../../src/sync/http-client';
import { publishPost } from '../../server/feed/publish';
import { freshDbName, openTestDatabase } from '../unit/db/helpers/fake-db';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Fault = 'none' | 'offline' | 'lost' | 'duplicate';
type Act =
  | { user: number; fault: Fault; act: 'vote'; option: number }
  | { user: number; fault: Fault; act: 'react'; reaction: FeedReaction | null }
  | { user: number; fault: Fault; act: 'quiz'; option: number }
  | { user: number; fault: Fault; act: 'flush' };

const USERS = 3;
const faultArb = fc.constantFrom<Fault>('none', 'none', 'offline', 'lost', 'duplicate');
const actArb: fc.Arbitrary<Act> = fc.oneof(
  fc.record({ user: fc.nat(USERS - 1), fault: faultArb, act: fc.constant('vote' as const), option: fc.nat(2) }),
  fc.record({ user: fc.nat(USERS - 1), fault: faultArb, act: fc.constant('react' as const), reaction: fc.option(fc.constantFrom(...FEED_REACTIONS), { nil: null }) }),
  fc.record({ user: fc.nat(USERS - 1), fault: faultArb, act: fc.constant('quiz' as const), option: fc.nat(2) }),
  fc.record({ user: fc.nat(USERS - 1), fault: faultArb, act: fc.constant('flush' as const) }),
);

/**
 * One user's device. Its database (fake-indexeddb, kept by name) is open only while it acts: the
 * open-source RxDB allows 13 collections open at once in a process, and the app has 7.
 */
interface Client {
  session: TestSession;
  fault: Fault;
  /** Opens the device, runs `fn` with its feed flows, flushes if asked, and closes it. */
  act<T>(fn: (d: Device) => Promise<T>): Promise<T>;
}
interface Device {
  db: AppDatabase;
  flows: ReturnType<typeof createFeedSync>['flows'];
  flush(): Promise<void>;
}

async function client(): Promise<Client> {
  const session = await t.signIn();
  const name = freshDbName('feed-property');
  const c = { session, fault: 'none' as Fault } as Client;
  // the network as this client sees it, fault by fault
  const faultyFetch: typeof fetch = async (input, init) => {
    if (c.fault === 'offline') throw new TypeError('Failed to fetch');
    if (c.fault === 'lost') {
      await fetch(input, init);
      throw new TypeError('the answer was lost');
    }
    if (c.fault === 'duplicate') await fetch(input, init);
    return fetch(input, init);
  };
  const http = createHttpClient({
    fetch: faultyFetch, origin: t.url, versionName: '0.1.0',
    context: () => ({ mobile: session.mobile, sessionId: session.tokens.token, deviceId: 'property', isStandalone: false, language: 'en' }),
  });
  c.act = async (fn) => {
    const db = await openTestDatabase(name);
    const runner = createActionRunner({ db, clock: systemClock, kinds: { 'feed-action': feedActionKind({ db, http, clock: systemClock }) }, watch: false, log: () => {} });
    const sync = createFeedSync({ db, http, clock: systemClock, report: async (_r, err) => errorForStatus(err instanceof BadStatusError ? err.status : 0), flushActions: () => runner.flush({ force: true }) });
    try {
      return await fn({ db, flows: sync.flows, flush: () => runner.flush({ force: true }) });
    } finally {
      await runner.close();
      await db.close();
    }
  };
  return c;
}

const shownPost = async (c: Device, postUuid: string): Promise<FeedPost> => {
  const doc = (await c.db.feed.findOne(feedDocId.post(postUuid)).exec())!.toMutableJSON();
  const ops = (await queuedActions(c.db, 'feed-action')).map((a) => a.payload);
  return displayPost((doc.payload as { post: FeedPost }).post, ops);
};

it('converges: each choice applied once, every client shows the server\'s counts', async () => {
  const runs = Number(process.env.FEED_PROPERTY_RUNS ?? 6);
  await fc.assert(fc.asyncProperty(fc.array(actArb, { minLength: 5, maxLength: 30 }), async (acts) => {
    const bot = '1000000000000106';
    const poll = await publishPost(t.server.db, bot, { subtype: 'poll', title: { en: 'Property poll' }, options: [{ en: 'A' }, { en: 'B' }, { en: 'C' }] }, Date.now());
    const quiz = await publishPost(t.server.db, bot, { subtype: 'quiz', title: { en: 'Property quiz' }, questions: [{ text: { en: 'Q' }, options: [{ en: 'X' }, { en: 'Y' }, { en: 'Z' }], correct: 0 }] }, Date.now());
    const clients = await Promise.all(Array.from({ length: USERS }, () => client()));
    {
      for (const c of clients) {
        await c.act(async (d) => {
          expect((await d.flows.loadFeedPost(poll)).ok).toBe(true);
          expect((await d.flows.loadFeedPost(quiz)).ok).toBe(true);
        });
      }
      const [pollPost, quizPost] = await clients[0]!.act((d) => Promise.all([shownPost(d, poll), shownPost(d, quiz)]));
      const options = pollPost.options.map((o) => o.uuid);
      const question = quizPost.question_list[0]!;
      // what each user meant, as the model
      const lastVote = new Map<number, string>();
      const lastReaction = new Map<number, FeedReaction | null>();
      const firstAnswer = new Map<number, string>();

      for (const a of acts) {
        const c = clients[a.user]!;
        c.fault = a.fault;
        if (a.act === 'vote') {
          await c.act((d) => d.flows.votePoll(poll, [options[a.option]!]));
          lastVote.set(a.user, options[a.option]!);
        } else if (a.act === 'react') {
          await c.act((d) => d.flows.reactToPost(poll, a.reaction));
          lastReaction.set(a.user, a.reaction);
        } else if (a.act === 'quiz') {
          await c.act((d) => d.flows.answerQuizQuestion(quiz, question.uuid, question.options[a.option]!.uuid));
          if (!firstAnswer.has(a.user)) firstAnswer.set(a.user, question.options[a.option]!.uuid);
        } else {
          await c.act((d) => d.flush());
        }
      }
      // everyone back online: the queues drain
      for (const c of clients) {
        c.fault = 'none';
        await c.act(async (d) => {
          for (let i = 0; i < 5 && (await queuedActions(d.db, 'feed-action')).length > 0; i++) await d.flush();
          expect(await queuedActions(d.db, 'feed-action')).toEqual([]);
        });
      }

      const userOf = (c: Client) => c.session.tokens.user.user_uuid;
      const db = t.server.db;
      for (const [i, c] of clients.entries()) {
        const votes = await db.query<{ option_uuid: string }>('SELECT option_uuid FROM feed_poll_votes WHERE post_uuid = $1 AND user_uuid = $2', [poll, userOf(c)]);
        expect(votes.map((v) => v.option_uuid)).toEqual(lastVote.has(i) ? [lastVote.get(i)] : []);
        const reactions = await db.query<{ reaction: string }>('SELECT reaction FROM feed_reactions WHERE post_uuid = $1 AND user_uuid = $2', [poll, userOf(c)]);
        const meant = lastReaction.get(i);
        expect(reactions.map((r) => r.reaction)).toEqual(meant ? [meant] : []);
        const answers = await db.query<{ option_uuid: string }>('SELECT option_uuid FROM feed_answers WHERE question_uuid = $1 AND user_uuid = $2', [question.uuid, userOf(c)]);
        expect(answers.map((r) => r.option_uuid)).toEqual(firstAnswer.has(i) ? [firstAnswer.get(i)] : []);
      }
      // the server's counts are the choices counted, and every client shows them
      const server = (await t.ok('getPost', { post_uuid: poll }, { session: clients[0]!.session })).post;
      expect(server.options.map((o) => o.answers)).toEqual(options.map((o) => [...lastVote.values()].filter((v) => v === o).length));
      const serverQuiz = (await t.ok('getPost', { post_uuid: quiz }, { session: clients[0]!.session })).post;
      for (const c of clients) {
        await c.act(async (d) => {
          expect((await d.flows.loadFeedPost(poll)).ok).toBe(true);
          expect((await d.flows.loadFeedPost(quiz)).ok).toBe(true);
          const shown = await shownPost(d, poll);
          expect(shown.options.map((o) => o.answers)).toEqual(server.options.map((o) => o.answers));
          expect(shown.reactions).toEqual(server.reactions);
          expect((await shownPost(d, quiz)).question_list[0]!.options.map((o) => o.answers)).toEqual(serverQuiz.question_list[0]!.options.map((o) => o.answers));
        });
      }
    }
  }), { numRuns: runs, endOnFailure: true });
}, 300_000);
