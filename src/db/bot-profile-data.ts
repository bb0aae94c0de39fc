// The bot profile as this device keeps it (for reading offline), and the bot actions (pin, mute,
// block, archive, report, rating, votes, reviews, read marks). The profile is the RxDB local
// document 'bot-profiles' (server answers by bot); the actions are documents of the one action
// queue (the `actions` collection, kind 'bot-action', ordered per bot: src/db/action-queue.ts);
// 'bot-actions' keeps only the last refusal's notice (its `queue` is read once, by the migration
// of queues stored before the actions collection: src/db/migrate-queues.ts).
//
// The pure functions here apply an action to the cached profile and undo it; the page (the
// commands, optimistically) and the engine (on a refusal) both use them.
import type { BotFaq, RatingAnswer, ReportReason, Review } from '../api/bot-profile-contract';
import { setVote, type BotFlags, type FlagAction, type ReviewSort, type UserVote } from '../domain/bot-rules';

export interface BotProfileEntry {
  /** name, icon, description and the bot's catalogues (get-bot-user-details; catalogs absent in profiles stored before) */
  details: { name: string; icon: string; description: string; catalogs?: { catalog_id: string; name: string }[] } | null;
  faqs: BotFaq[] | null;
  rating: RatingAnswer | null;
  subscriberCount: number | null;
  onboarding: { name: string; subscriber_count: number; photo: string } | null;
  /** the user's own review (get-review); undefined: not read yet */
  myReview: Review | null;
  /** the review list as last read, by sort: the pages read so far, in order */
  reviews: Partial<Record<ReviewSort, { list: Review[]; total: number }>>;
  fetchedAt: number;
}

export interface BotProfilesDoc {
  bots: Record<string, BotProfileEntry>;
  reasons: ReportReason[] | null;
}

export const EMPTY_BOT_PROFILES: BotProfilesDoc = { bots: {}, reasons: null };

export const emptyProfile = (): BotProfileEntry => ({
  details: null, faqs: null, rating: null, subscriberCount: null, onboarding: null, myReview: null, reviews: {}, fetchedAt: 0,
});

/** A queued action, with what it changed locally so that a refusal can undo it. */
export type BotActionIntent =
  | { kind: 'flag'; action: FlagAction; before: Partial<BotFlags> }
  | { kind: 'report'; reason_uuid: string; email: string; description: string; block: boolean; before: Partial<BotFlags> }
  | { kind: 'rate'; rating: number; before: RatingAnswer | null }
  | { kind: 'vote'; review_uuid: string; vote: UserVote; before: Pick<Review, 'upvotes' | 'downvotes' | 'user_vote'> }
  | { kind: 'submit-review'; review: string; before: Review | null }
  | { kind: 'delete-review'; before: Review | null }
  /** the newest message seen in the thread (POST /bot/mark-read): no local effect, harmless to repeat */
  | { kind: 'mark-read'; sk: string };

export type QueuedBotAction = BotActionIntent & {
  /** UUIDv7: order of queueing */
  id: string;
  bot_uuid: string;
  created_at: number;
  attempts: number;
};

export interface BotActionsDoc {
  /** before the actions collection: the queue (read only by the one-time migration) */
  queue?: QueuedBotAction[];
  /** the last refusal, for the toast: a catalogue message id and its values */
  notice: { id: string; textId: string; values?: Record<string, string>; at: number } | null;
}

export const EMPTY_BOT_ACTIONS: BotActionsDoc = { notice: null };

/** The local review the user wrote before the server's answer (its id is a placeholder until then). */
export function localReview(botUuid: string, text: string, now: number, previous: Review | null): Review {
  return previous
    ? { ...previous, review: text, updated_at: now }
    : { review_uuid: `local-${botUuid}`, bot_uuid: botUuid, name: '', review: text, created_at: now, updated_at: now, upvotes: 0, downvotes: 0, user_vote: null, mine: true };
}

const mapReviews = (p: BotProfileEntry, fn: (r: Review) => Review): BotProfileEntry => ({
  ...p,
  myReview: p.myReview ? fn(p.myReview) : p.myReview,
  reviews: Object.fromEntries(Object.entries(p.reviews).map(([sort, page]) => [sort, page && { ...page, list: page.list.map(fn) }])),
});

/** Puts the user's review at the head of each list (or replaces it where it is); null removes it. */
function withMyReview(p: BotProfileEntry, review: Review | null, previous: Review | null): BotProfileEntry {
  const reviews = Object.fromEntries(Object.entries(p.reviews).map(([sort, page]) => {
    if (!page) return [sort, page];
    const others = page.list.filter((r) => !r.mine && r.review_uuid !== previous?.review_uuid);
    const hadMine = page.list.length !== others.length;
    const list = review ? [review, ...others] : others;
    const total = page.total + (review && !hadMine ? 1 : 0) - (!review && hadMine ? 1 : 0);
    return [sort, { list, total: Math.max(total, list.length) }];
  }));
  return { ...p, myReview: review, reviews };
}

/** The cached profile with the action applied (optimistic). Flag and report actions do not touch it. */
export function applyToProfile(p: BotProfileEntry, a: BotActionIntent, botUuid: string, now: number): BotProfileEntry {
  switch (a.kind) {
    case 'rate': {
      const r = p.rating ?? { bot_uuid: botUuid, rating: 0, rating_count: 0, user_rating: null };
      const count = r.rating_count + (r.user_rating === null ? 1 : 0);
      const sum = r.rating * r.rating_count - (r.user_rating ?? 0) + a.rating;
      return { ...p, rating: { ...r, user_rating: a.rating, rating_count: count, rating: count === 0 ? 0 : Math.round((sum / count) * 10) / 10 } };
    }
    case 'vote':
      return mapReviews(p, (r) => (r.review_uuid === a.review_uuid ? setVote(r, a.vote) : r));
    case 'submit-review':
      return withMyReview(p, localReview(botUuid, a.review, now, p.myReview), p.myReview);
    case 'delete-review':
      return withMyReview(p, null, p.myReview);
    default:
      return p;
  }
}

/** Undoes a refused action on the cached profile. */
export function revertOnProfile(p: BotProfileEntry, a: BotActionIntent): BotProfileEntry {
  switch (a.kind) {
    case 'rate':
      return { ...p, rating: a.before };
    case 'vote':
      return mapReviews(p, (r) => (r.review_uuid === a.review_uuid ? { ...r, ...a.before } : r));
    case 'submit-review':
    case 'delete-review':
      return withMyReview(p, a.before, p.myReview);
    default:
      return p;
  }
}

/** The operation error of a refused action (spec part 1 §8); votes have none there: the server's message is shown. */
export function operationOf(a: BotActionIntent): 'pin' | 'unpin' | 'mute' | 'unmute' | 'block' | 'unblock' | 'archive' | 'unarchive' | 'report' | 'invalidBotId' | 'submitReview' | 'deleteReview' | null {
  switch (a.kind) {
    case 'flag': return a.action.kind === 'report' ? 'report' : a.action.kind;
    case 'report': return 'report';
    case 'rate': return 'invalidBotId';
    case 'submit-review': return 'submitReview';
    case 'delete-review': return 'deleteReview';
    case 'vote': return null;
    case 'mark-read': return null;
  }
}
