// The engine's half of the bot profile and bot actions (spec part 1 §4 "Bot lists", §7, §8).
// Actions: the page applies them at once and queues them in the one action queue (kind
// 'bot-action', ordered per bot: src/db/bot-action-queue.ts); the leader's runner sends them
// (src/sync/action-runner.ts) with `botActionKind` below. A refusal (a 4xx, the one classifier)
// is undone and the action's catalogue text becomes the notice the screens show as a toast in
// 'bot-actions' (a read mark, which changes nothing here, is just dropped). No answer keeps the
// action queued for the next try (the runner's backoff, the network back, a new leader).
// Profile data (details, FAQs, rating, counts, reviews) is read into 'bot-profiles' so the
// screens show it offline; a loader that fails keeps what was there (spec §8: loaders return
// null on non-200).
import { debounceTime, filter } from 'rxjs';
import type { ReviewSort } from '../domain/bot-rules';
import { REVIEW_PAGE_SIZE, applyFlagAction, fieldsOf, revertFlagAction, voteToWire, type BotFlags, type FlagAction } from '../domain/bot-rules';
import { BadStatusError, MSG } from '../domain/errors';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { modifyLocalDoc } from '../db/local-store';
import {
  EMPTY_BOT_PROFILES, applyToProfile, emptyProfile, operationOf, revertOnProfile,
  type BotProfileEntry, type BotProfilesDoc, type QueuedBotAction,
} from '../db/bot-profile-data';
import { queuedActions, queuedActions$ } from '../db/action-queue';
import { orderKey } from '../db/schemas';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import { modifyConversation } from '../db/modify-conversation';
import type { Clock, HttpClient } from './http-client';

export interface BotActionFlows {
  /** Sends the queued bot actions now (the leader only; others leave it to the leader). */
  flushBotActions(): Promise<CommandResult>;
  /** Reads a bot's profile (details, FAQs, rating, counts, own review, first reviews page). */
  loadBotProfile(botUuid: string): Promise<CommandResult>;
  /** Reads a page of reviews; offset 0 replaces the list of that sort, more appends. */
  loadBotReviews(botUuid: string, sort: ReviewSort, offset: number): Promise<CommandResult<{ more: boolean }>>;
  loadReportReasons(): Promise<CommandResult>;
}

export interface BotActionDeps extends AreaSyncDeps {
  log?: (message: string, detail?: unknown) => void;
}

/** The flag actions of a queue entry (a report with block counts as a block). */
function flagActionOf(a: QueuedBotAction): FlagAction | null {
  if (a.kind === 'flag') return a.action;
  if (a.kind === 'report' && a.block) return { kind: 'report', block: true };
  return null;
}

/** The entry already shows the action's effect (times compared by presence: the server sets its own). */
function reflects(c: BotFlags, a: FlagAction): boolean {
  const applied = applyFlagAction(c, a, 0);
  return fieldsOf(a).every((f) => (f === 'pinned' || f === 'mute_duration' ? c[f] === applied[f] : (c[f] === null) === (applied[f] === null)));
}

/**
 * Applies the still-queued flag actions over a conversation the server's list just overwrote (it
 * does not know them yet). Folded in order on the current state, and written only when that
 * changes something, so it is safe to run on every change of the collection.
 */
export async function reapplyQueuedBotActions(db: AppDatabase, now: number): Promise<void> {
  const queue = (await queuedActions(db, 'bot-action')).map((a) => a.payload);
  const byBot = new Map<string, FlagAction[]>();
  for (const a of queue) {
    const f = flagActionOf(a);
    if (f) byBot.set(a.bot_uuid, [...(byBot.get(a.bot_uuid) ?? []), f]);
  }
  for (const [bot, actions] of byBot) {
    const doc = await db.conversations.findOne(bot).exec();
    if (!doc) continue;
    const current = doc.toMutableJSON();
    const target = actions.reduce((c, a) => (reflects(c, a) ? c : applyFlagAction(c, a, now)), current);
    if (target !== current) await modifyConversation(db, bot, (c) => actions.reduce((x, a) => (reflects(x, a) ? x : applyFlagAction(x, a, now)), c));
  }
}

const modifyProfile = (db: AppDatabase, botUuid: string, fn: (p: BotProfileEntry) => BotProfileEntry) =>
  modifyLocalDoc(db, 'bot-profiles', (doc): BotProfilesDoc => {
    const base = doc ?? EMPTY_BOT_PROFILES;
    return { ...base, bots: { ...base.bots, [botUuid]: fn(base.bots[botUuid] ?? emptyProfile()) } };
  });

/** How the action queue's runner sends a bot action, and undoes a refused one. */
export function botActionKind(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): ActionKindDef<'bot-action'> {
  const { db, http, clock } = deps;
  return {
    route: 'pinResource',
    async send({ payload: a }, once) {
      const bot_uuid = a.bot_uuid;
      switch (a.kind) {
        case 'flag': {
          const act = a.action;
          switch (act.kind) {
            case 'pin': await http.call('pinResource', { resource_list: [{ uuid: bot_uuid, type: 'bot' }] }, once); return;
            case 'unpin': await http.call('unpinResource', { resource_list: [{ uuid: bot_uuid, type: 'bot' }] }, once); return;
            case 'mute': await http.call('muteBot', { bot_uuid, mute_duration: Math.trunc(act.mute_duration) }, once); return;
            case 'unmute': await http.call('unmuteBot', { bot_uuid }, once); return;
            case 'block': await http.call('blockBot', { bot_uuid }, once); return;
            case 'unblock': await http.call('unblockBot', { bot_uuid }, once); return;
            case 'archive': await http.call('archiveBot', { bot_uuid }, once); return;
            case 'unarchive': await http.call('unarchiveBot', { bot_uuid }, once); return;
            case 'report': return;
          }
          return;
        }
        case 'report':
          await http.call('reportBot', { bot_uuid, reason_uuid: a.reason_uuid, email: a.email, description: a.description, block: a.block }, once);
          return;
        case 'rate': {
          const rating = await http.call('submitRating', { bot_uuid, rating: a.rating }, once);
          await modifyProfile(db, bot_uuid, (p) => ({ ...p, rating }));
          return;
        }
        case 'vote': {
          const review = await http.call('voteReview', { review_uuid: a.review_uuid, vote: voteToWire(a.vote) }, once);
          await modifyProfile(db, bot_uuid, (p) => ({
            ...p,
            reviews: Object.fromEntries(Object.entries(p.reviews).map(([s, page]) => [s, page && { ...page, list: page.list.map((r) => (r.review_uuid === review.review_uuid ? review : r)) }])),
          }));
          return;
        }
        case 'submit-review': {
          const review = await http.call('submitReview', { bot_uuid, review: a.review }, once);
          await modifyProfile(db, bot_uuid, (p) => ({
            ...p,
            myReview: review,
            reviews: Object.fromEntries(Object.entries(p.reviews).map(([s, page]) => [s, page && { ...page, list: page.list.map((r) => (r.mine ? review : r)) }])),
          }));
          return;
        }
        case 'delete-review':
          await http.call('deleteReview', { bot_uuid }, once);
          return;
        case 'mark-read':
          await http.call('markRead', { bot_uuid, sk: a.sk }, once);
          return;
      }
    },
    async refused({ payload: a }, refusal) {
      // a refused read mark has nothing to undo and nothing to tell the user
      if (a.kind === 'mark-read') return;
      const now = clock.now();
      const op = operationOf(a);
      // the runner marked it refused first, so reapplying the queue cannot put the change back
      await modifyLocalDoc(db, 'bot-actions', () => ({
        notice: op
          ? { id: a.id, textId: MSG.operation[op], at: now }
          : { id: a.id, textId: MSG.serverMessage, values: { message: refusal.serverMessage ?? refusal.message }, at: now },
      }));
      if (a.kind === 'flag') await modifyConversation(db, a.bot_uuid, (c) => revertFlagAction(c, a.action, a.before, now));
      else if (a.kind === 'report') {
        if (a.block) await modifyConversation(db, a.bot_uuid, (c) => revertFlagAction(c, { kind: 'report', block: true }, a.before, now));
      } else await modifyProfile(db, a.bot_uuid, (p) => revertOnProfile(p, a));
    },
  };
}

export function createBotActions(deps: BotActionDeps): { flows: BotActionFlows; close(): void } {
  const { db, http, clock } = deps;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));

  let queued = 0;
  const count = queuedActions$(db, 'bot-action').subscribe((list) => {
    queued = list.length;
  });
  // a conversation list refresh answered before the server knew of a queued action overwrites
  // its flags: put them back (only while something waits)
  const reapply = db.conversations.$.pipe(filter(() => queued > 0), debounceTime(0)).subscribe(() => {
    void reapplyQueuedBotActions(db, clock.now()).catch((err: unknown) => log('sync: reapplying bot actions failed', err));
  });

  async function quietly<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof BadStatusError && (err.status === 401 || err.status === 440)) await deps.report('getRating', err).catch(() => undefined);
      return null;
    }
  }

  const flows: BotActionFlows = {
    async flushBotActions() {
      await deps.flushActions();
      return ok();
    },

    async loadBotProfile(botUuid) {
      const body = { bot_uuid: botUuid };
      const [details, faqs, rating, count, onboarding, mine] = await Promise.all([
        quietly(() => http.call('getBotUserDetails', body)),
        quietly(() => http.call('getBotFaqs', body)),
        quietly(() => http.call('getRating', body)),
        quietly(() => http.call('getSubscriberCount', body)),
        quietly(() => http.call('getOnboardingDetails', body)),
        quietly(() => http.call('getReview', body)),
      ]);
      // the report dialog's reasons, so a report can be written offline too
      const reasons = await quietly(() => http.call('getReportReasonList', {}));
      if (reasons) await modifyLocalDoc(db, 'bot-profiles', (doc) => ({ ...(doc ?? EMPTY_BOT_PROFILES), reasons: reasons.reason_list }));
      const pending = (await queuedActions(db, 'bot-action', orderKey.bot(botUuid))).map((a) => a.payload);
      // a queued rating or review is newer than what the server just said
      const ratingPending = pending.some((a) => a.kind === 'rate');
      const reviewPending = pending.some((a) => a.kind === 'submit-review' || a.kind === 'delete-review');
      await modifyLocalDoc(db, 'bot-profiles', (doc): BotProfilesDoc => {
        const base = doc ?? EMPTY_BOT_PROFILES;
        const p = base.bots[botUuid] ?? emptyProfile();
        const next: BotProfileEntry = {
          ...p,
          details: details ? { name: details.name, icon: details.icon, description: details.configuration.description, catalogs: details.catalogs ?? [] } : p.details,
          faqs: faqs?.faqs ?? p.faqs,
          rating: rating && !ratingPending ? rating : p.rating,
          subscriberCount: count?.subscriber_count ?? p.subscriberCount,
          onboarding: onboarding ? { name: onboarding.name, subscriber_count: onboarding.subscriber_count, photo: onboarding.photo } : p.onboarding,
          myReview: mine && !reviewPending ? mine.review : p.myReview,
          fetchedAt: details ? clock.now() : p.fetchedAt,
        };
        return { ...base, bots: { ...base.bots, [botUuid]: next } };
      });
      if (!details) return failed({ key: 'noResponse' });
      return ok();
    },

    async loadBotReviews(botUuid, sort, offset) {
      try {
        const page = await http.call('getUserReviewList', { bot_uuid: botUuid, sort, offset, limit: REVIEW_PAGE_SIZE });
        const pendingVotes = (await queuedActions(db, 'bot-action', orderKey.bot(botUuid))).map((a) => a.payload).filter((a) => a.kind === 'vote');
        await modifyProfile(db, botUuid, (p) => {
          const prior = offset === 0 ? [] : (p.reviews[sort]?.list ?? []).slice(0, offset);
          const seen = new Set(prior.map((r) => r.review_uuid));
          const fresh: BotProfileEntry = { ...p, reviews: { ...p.reviews, [sort]: { list: [...prior, ...page.review_list.filter((r) => !seen.has(r.review_uuid))], total: page.total } } };
          // votes still queued are newer than the page
          return pendingVotes.reduce((acc, a) => applyToProfile(acc, a, botUuid, clock.now()), fresh);
        });
        return ok({ more: offset + page.review_list.length < page.total });
      } catch (err) {
        if (err instanceof BadStatusError) return failed(await deps.report('getUserReviewList', err));
        return failed({ key: 'noResponse' });
      }
    },

    async loadReportReasons() {
      const answer = await quietly(() => http.call('getReportReasonList', {}));
      if (!answer) return failed({ key: 'noResponse' });
      await modifyLocalDoc(db, 'bot-profiles', (doc) => ({ ...(doc ?? EMPTY_BOT_PROFILES), reasons: answer.reason_list }));
      return ok();
    },
  };

  return {
    flows,
    close() {
      count.unsubscribe();
      reapply.unsubscribe();
    },
  };
}
