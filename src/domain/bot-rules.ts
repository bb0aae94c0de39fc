// Pure rules of the bot profile and the bot actions (spec part 1 §4 "Bot lists", §9): when a mute
// ends, the review vote rule, compact numbers, the pin limit, and what each action does to a
// conversation entry (and how a refused one is undone). No I/O, no React.

/** mute_duration that means "until unmuted" (spec part 1 §9: mute -1 means forever). */
export const MUTE_FOREVER = -1;

/** The mute sheet's choices, in ms (8 hours, 1 week, always). */
export const MUTE_DURATIONS_MS = { eightHours: 8 * 60 * 60_000, oneWeek: 7 * 24 * 60 * 60_000, always: MUTE_FOREVER } as const;

/** The fields of a conversation entry the bot actions change. */
export interface BotFlags {
  pinned: boolean;
  mute_time: number | null;
  mute_duration: number | null;
  block_time: number | null;
  archive_time: number | null;
}

/**
 * When the mute ends: mute_time + mute_duration, Infinity for -1, null when not muted (no mute
 * time, or no or a non-positive duration other than -1).
 */
export function mutedTill(entry: Pick<BotFlags, 'mute_time' | 'mute_duration'>): number | null {
  const { mute_time, mute_duration } = entry;
  if (mute_time === null || mute_duration === null) return null;
  if (mute_duration === MUTE_FOREVER) return Number.POSITIVE_INFINITY;
  if (mute_duration <= 0) return null;
  return mute_time + mute_duration;
}

/** Muted now: mutedTill in the future, or forever (spec part 1 §4 notifications rule). */
export function isMuted(entry: Pick<BotFlags, 'mute_time' | 'mute_duration'>, now: number): boolean {
  const till = mutedTill(entry);
  return till !== null && till > now;
}

/** A valid mute duration: -1 (forever) or a positive whole number of ms. */
export function isValidMuteDuration(duration: number): boolean {
  return Number.isInteger(duration) && (duration === MUTE_FOREVER || duration > 0);
}

// ---------- reviews ----------

export type Vote = 1 | -1;
export type UserVote = Vote | null;

export interface VoteCounts {
  upvotes: number;
  downvotes: number;
  user_vote: UserVote;
}

/**
 * The vote that results when the user taps `vote`: the same vote again removes it (null),
 * another vote replaces it. The client sends this result (0 for none), so a replay is harmless.
 */
export function nextVote(current: UserVote, vote: Vote): UserVote {
  return current === vote ? null : vote;
}

/** The counts after the user's vote moves from `user_vote` to `target` (a change moves the count between up and down). */
export function setVote<R extends VoteCounts>(review: R, target: UserVote): R {
  let { upvotes, downvotes } = review;
  if (review.user_vote === 1) upvotes -= 1;
  if (review.user_vote === -1) downvotes -= 1;
  if (target === 1) upvotes += 1;
  if (target === -1) downvotes += 1;
  return { ...review, upvotes: Math.max(0, upvotes), downvotes: Math.max(0, downvotes), user_vote: target };
}

/** The spec's rule in one step: tapping `vote` on the review. */
export function applyVote<R extends VoteCounts>(review: R, vote: Vote): R {
  return setVote(review, nextVote(review.user_vote, vote));
}

/** The wire form of a vote target: 1, -1, or 0 for no vote. */
export const voteToWire = (v: UserVote): 1 | -1 | 0 => v ?? 0;
export const voteFromWire = (v: number): UserVote => (v === 1 ? 1 : v === -1 ? -1 : null);

/** Review list orders: newest first, or most helpful (up minus down votes) first. */
export type ReviewSort = 'newest' | 'helpful';
export const REVIEW_SORTS: readonly ReviewSort[] = ['newest', 'helpful'];
/** Reviews per page of the list. */
export const REVIEW_PAGE_SIZE = 10;
/** Longest review text, in characters. */
export const REVIEW_MAX_CHARS = 1000;

/** What stops a review from being posted (its text is trimmed first): nothing written, or too long. */
export function reviewProblem(text: string): 'empty' | 'tooLong' | null {
  const review = text.trim();
  if (review.length === 0) return 'empty';
  return review.length > REVIEW_MAX_CHARS ? 'tooLong' : null;
}
/** Longest report description, in characters. */
export const REPORT_DESCRIPTION_MAX_CHARS = 500;

// ---------- pin limit ----------

/** Whether one more bot may be pinned: fewer than `limit` are pinned now (limit_pin_bots). */
export function canPin(pinnedCount: number, limit: number): boolean {
  return pinnedCount < limit;
}

// ---------- actions on a conversation entry ----------

export type FlagAction =
  | { kind: 'pin' }
  | { kind: 'unpin' }
  | { kind: 'mute'; mute_duration: number }
  | { kind: 'unmute' }
  | { kind: 'block' }
  | { kind: 'unblock' }
  | { kind: 'archive' }
  | { kind: 'unarchive' }
  | { kind: 'report'; block: boolean };

export type FlagActionKind = FlagAction['kind'];

/**
 * The entry after the action, as the server will have it (spec part 1 §4 "Bot lists"): report
 * also blocks when its block flag is set. Times are `now` (the server sets its own; the next list
 * refresh brings those).
 */
export function applyFlagAction<E extends BotFlags>(entry: E, action: FlagAction, now: number): E {
  switch (action.kind) {
    case 'pin': return { ...entry, pinned: true };
    case 'unpin': return { ...entry, pinned: false };
    case 'mute': return { ...entry, mute_time: now, mute_duration: action.mute_duration };
    case 'unmute': return { ...entry, mute_time: null, mute_duration: null };
    case 'block': return { ...entry, block_time: entry.block_time ?? now };
    case 'unblock': return { ...entry, block_time: null };
    case 'archive': return { ...entry, archive_time: entry.archive_time ?? now };
    case 'unarchive': return { ...entry, archive_time: null };
    case 'report': return action.block ? { ...entry, block_time: entry.block_time ?? now } : entry;
  }
}

/** The fields an action changes. */
export function fieldsOf(action: FlagAction): (keyof BotFlags)[] {
  switch (action.kind) {
    case 'pin':
    case 'unpin': return ['pinned'];
    case 'mute':
    case 'unmute': return ['mute_time', 'mute_duration'];
    case 'block':
    case 'unblock': return ['block_time'];
    case 'archive':
    case 'unarchive': return ['archive_time'];
    case 'report': return action.block ? ['block_time'] : [];
  }
}

/** The flags an action touches, as they were before it (kept with a queued action for its revert). */
export function snapshotFor(entry: BotFlags, action: FlagAction): Partial<BotFlags> {
  const out: Partial<BotFlags> = {};
  for (const f of fieldsOf(action)) (out as Record<string, unknown>)[f] = entry[f];
  return out;
}

/**
 * Undoes a refused action: the fields it touched go back to what they were before it, unless a
 * later action changed them again (then that later state stands: it has its own revert).
 */
export function revertFlagAction<E extends BotFlags>(entry: E, action: FlagAction, before: Partial<BotFlags>, now: number): E {
  const applied = applyFlagAction(entry, action, now);
  const out = { ...entry };
  for (const f of fieldsOf(action)) {
    // the entry still shows the action's own effect (times may differ: compare presence for times)
    const same = f === 'pinned' || f === 'mute_duration' ? entry[f] === applied[f] : (entry[f] === null) === (applied[f] === null);
    if (same && f in before) (out as Record<string, unknown>)[f] = before[f];
  }
  return out;
}

/** The list a conversation belongs to in the lists screens. */
export function isBlocked(entry: Pick<BotFlags, 'block_time'>): boolean {
  return entry.block_time !== null;
}
export function isArchived(entry: Pick<BotFlags, 'archive_time'>): boolean {
  return entry.archive_time !== null;
}
