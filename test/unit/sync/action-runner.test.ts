// The one runner of the action queue (src/sync/action-runner.ts): in order per ordering key, the
// keys in parallel, one backoff (Retry-After first) on an injected clock, a refusal undone, the
// leader only, the action's id as the Idempotency-Key.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { enqueueAction } from '../../../src/db/action-queue';
import type { ActionDocOf } from '../../../src/db/schemas';
import type { QueuedBotAction } from '../../../src/db/bot-profile-data';
import { BadStatusError, NoResponseError } from '../../../src/domain/errors';
import { createActionRunner, type ActionRunner, type Refusal } from '../../../src/sync/action-runner';
import type { Clock } from '../../../src/sync/http-client';
import { openTestDatabase } from '../db/helpers/fake-db';
import { manualClock } from './helpers/manual-clock';

let db: AppDatabase;
let runner: ActionRunner | null = null;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await runner?.close();
  runner = null;
  await db.close();
});

/** a bot action of bot `bot` whose read mark names it (the runner does not look inside) */
const mark = (bot: string, sk: string): QueuedBotAction => ({ kind: 'mark-read', sk, id: sk, bot_uuid: bot, created_at: 0, attempts: 0 });
const queue = (bot: string, sk: string, now = 0) => enqueueAction(db, 'bot-action', `bot:${bot}`, mark(bot, sk), now);
const remaining = async () => (await db.actions.find({ sort: [{ id: 'asc' }] }).exec()).map((d) => (d.payload as QueuedBotAction & { sk: string }).sk);

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

type Send = (a: ActionDocOf<'bot-action'>, once: { idempotencyKey: string }) => Promise<void>;

function start(send: Send, opts: { clock?: Clock; leader?: () => boolean; refused?: (a: ActionDocOf<'bot-action'>, r: Refusal) => Promise<void>; watch?: boolean } = {}) {
  runner = createActionRunner({
    db,
    clock: opts.clock ?? manualClock().clock,
    watch: opts.watch ?? false,
    ...(opts.leader ? { isLeader: opts.leader } : {}),
    kinds: { 'bot-action': { route: 'markRead', send, refused: opts.refused ?? (async () => undefined) } },
    log: () => undefined,
  });
  return runner;
}

const skOf = (a: ActionDocOf<'bot-action'>) => (a.payload.kind === 'mark-read' ? a.payload.sk : '');

it('sends one key in order, one at a time, with the id as the Idempotency-Key, and empties the queue', async () => {
  const ids = [await queue('A', 'a1'), await queue('A', 'a2'), await queue('A', 'a3')];
  const log: string[] = [];
  let inFlight = 0;
  const r = start(async (a, once) => {
    inFlight += 1;
    expect(inFlight).toBe(1);
    log.push(`${skOf(a)}:${once.idempotencyKey === a.id}`);
    await new Promise((res) => setTimeout(res, 5));
    inFlight -= 1;
  });
  await r.flush();
  expect(log).toEqual(['a1:true', 'a2:true', 'a3:true']);
  expect(ids).toEqual([...ids].sort());
  expect(await remaining()).toEqual([]);
});

it('runs the keys in parallel: a key waiting for its answer does not hold back another', async () => {
  await queue('A', 'a1');
  await queue('A', 'a2');
  await queue('B', 'b1');
  const gate = deferred();
  const log: string[] = [];
  const r = start(async (a) => {
    log.push(`start ${skOf(a)}`);
    if (skOf(a) === 'a1') await gate.promise;
    log.push(`end ${skOf(a)}`);
  });
  const done = r.flush();
  await expect.poll(() => log).toContain('end b1');
  // A's second waits for its first
  expect(log).not.toContain('start a2');
  gate.resolve();
  await done;
  expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
  expect(await remaining()).toEqual([]);
});

it("no answer: the action stays at its key's head and waits a doubling backoff on the clock; the rest of the key waits too", async () => {
  const { clock, advance } = manualClock();
  await queue('A', 'a1');
  await queue('A', 'a2');
  let offline = true;
  const sent: string[] = [];
  const r = start(async (a) => {
    sent.push(skOf(a));
    if (offline) throw new NoResponseError();
  }, { clock, watch: true });
  await r.flush();
  expect(sent).toEqual(['a1']);
  const head = (await db.actions.find({ sort: [{ id: 'asc' }] }).exec())[0]!;
  expect(head.attempts).toBe(1);
  expect(head.next_attempt_at).toBe(clock.now() + 1000);
  // a flush before the wait is over sends nothing
  await r.flush();
  expect(sent).toEqual(['a1']);
  // the timer: 1 s, then 2 s
  advance(1000);
  await expect.poll(() => sent).toEqual(['a1', 'a1']);
  await expect.poll(async () => (await db.actions.find({ sort: [{ id: 'asc' }] }).exec())[0]!.attempts).toBe(2);
  expect((await db.actions.find({ sort: [{ id: 'asc' }] }).exec())[0]!.next_attempt_at).toBe(clock.now() + 2000);
  offline = false;
  advance(2000);
  await expect.poll(remaining).toEqual([]);
  expect(sent).toEqual(['a1', 'a1', 'a1', 'a2']);
});

it("a 429 or 503 with Retry-After waits what the server said; a forced flush (the network back) does not wait", async () => {
  const { clock } = manualClock();
  await queue('A', 'a1');
  let answer: unknown = new BadStatusError(429, 'slow down', { retryAfterSeconds: 30 });
  const r = start(async () => {
    if (answer) throw answer;
  }, { clock });
  await r.flush();
  expect((await db.actions.find().exec())[0]!.next_attempt_at).toBe(clock.now() + 30_000);
  answer = new BadStatusError(503, null, { retryAfterSeconds: 5 });
  await r.flush({ force: true });
  expect((await db.actions.find().exec())[0]!).toMatchObject({ attempts: 2, next_attempt_at: clock.now() + 5000 });
  // a 408 is a retry too (the same as for a chat message)
  answer = new BadStatusError(408);
  await r.flush({ force: true });
  expect((await db.actions.find().exec())[0]!).toMatchObject({ attempts: 3, next_attempt_at: clock.now() + 4000 });
  answer = null;
  await r.flush({ force: true });
  expect(await remaining()).toEqual([]);
});

it('a refusal (a 4xx) runs the undo with the refusal, drops the action and goes on with the key', async () => {
  await queue('A', 'a1');
  await queue('A', 'a2');
  const undone: string[] = [];
  const r = start(async (a) => {
    if (skOf(a) === 'a1') throw new BadStatusError(400, 'Pin limit reached');
  }, {
    refused: async (a, refusal) => {
      // the action is marked refused while its undo runs (a crash here undoes it at the next start)
      expect((await db.actions.findOne(a.id).exec())?.status).toBe('refused');
      undone.push(`${skOf(a)}:${refusal.status}:${refusal.serverMessage}`);
    },
  });
  await r.flush();
  expect(undone).toEqual(['a1:400:Pin limit reached']);
  expect(await remaining()).toEqual([]);
});

it('a refusal marked but not undone (the tab closed meanwhile) is undone at the next flush', async () => {
  const id = await queue('A', 'a1');
  await db.actions.findOne(id).exec().then((d) => d!.incrementalPatch({ status: 'refused', last_error: 'Pin limit reached' }));
  const undone: string[] = [];
  const sent: string[] = [];
  const r = start(async (a) => { sent.push(skOf(a)); }, { refused: async (a, refusal) => { undone.push(`${skOf(a)}:${refusal.serverMessage}`); } });
  await r.flush();
  expect(sent).toEqual([]);
  expect(undone).toEqual(['a1:Pin limit reached']);
  expect(await remaining()).toEqual([]);
});

it('sends only while leading: a follower leaves the queue alone, even on an insert', async () => {
  let leader = false;
  const sent: string[] = [];
  const r = start(async (a) => { sent.push(skOf(a)); }, { leader: () => leader, watch: true });
  await queue('A', 'a1');
  await r.flush({ force: true });
  await new Promise((res) => setTimeout(res, 20));
  expect(sent).toEqual([]);
  expect(await remaining()).toEqual(['a1']);
  leader = true;
  // and while leading, an insert alone wakes it (no nudge from the page)
  await queue('B', 'b1');
  await expect.poll(() => sent).toEqual(['b1']);
  await r.flush();
  expect(sent).toEqual(['b1', 'a1']);
});

it('a 401 follows the session rules and the action waits', async () => {
  await queue('A', 'a1');
  const reported: string[] = [];
  runner = createActionRunner({
    db, clock: manualClock().clock, watch: false,
    kinds: { 'bot-action': { route: 'markRead', send: async () => { throw new BadStatusError(401); }, refused: async () => undefined } },
    report: async (route, err) => { reported.push(`${route}:${(err as BadStatusError).status}`); },
  });
  await runner.flush();
  expect(reported).toEqual(['markRead:401']);
  expect(await remaining()).toEqual(['a1']);
});
