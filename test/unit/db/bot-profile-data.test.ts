// The optimistic changes of the cached bot profile and their undo: rating, votes, own review.
import { describe, expect, it } from 'vitest';
import type { Review } from '../../../src/api/bot-profile-contract';
import { applyToProfile, emptyProfile, operationOf, revertOnProfile, type BotActionIntent, type BotProfileEntry } from '../../../src/db/bot-profile-data';

const BOT = '1000000000000001';
const review = (id: string, over: Partial<Review> = {}): Review => ({
  review_uuid: id, bot_uuid: BOT, name: 'Asha', review: 'ok', created_at: 1, updated_at: 1, upvotes: 2, downvotes: 1, user_vote: null, mine: false, ...over,
});
const withReviews = (list: Review[], mine: Review | null = null): BotProfileEntry => ({
  ...emptyProfile(), myReview: mine, reviews: { newest: { list, total: list.length }, helpful: { list: [...list].reverse(), total: list.length } },
});

describe('cached profile: apply and revert', () => {
  it('a rating moves the average and the count once; its revert restores the answer', () => {
    const p = { ...emptyProfile(), rating: { bot_uuid: BOT, rating: 4, rating_count: 10, user_rating: null } };
    const a: BotActionIntent = { kind: 'rate', rating: 1, before: p.rating };
    const rated = applyToProfile(p, a, BOT, 0);
    expect(rated.rating).toEqual({ bot_uuid: BOT, rating: 3.7, rating_count: 11, user_rating: 1 });
    const again = applyToProfile(rated, { kind: 'rate', rating: 5, before: rated.rating }, BOT, 0);
    expect(again.rating).toMatchObject({ rating_count: 11, user_rating: 5, rating: 4.1 });
    expect(revertOnProfile(rated, a)).toEqual(p);
  });

  it('a vote changes the review in every sorted list; its revert restores the counts', () => {
    const p = withReviews([review('a'), review('b')]);
    const a: BotActionIntent = { kind: 'vote', review_uuid: 'a', vote: 1, before: { upvotes: 2, downvotes: 1, user_vote: null } };
    const voted = applyToProfile(p, a, BOT, 0);
    expect(voted.reviews.newest?.list[0]).toMatchObject({ upvotes: 3, user_vote: 1 });
    expect(voted.reviews.helpful?.list[1]).toMatchObject({ review_uuid: 'a', upvotes: 3, user_vote: 1 });
    expect(revertOnProfile(voted, a)).toEqual(p);
  });

  it('writing a review puts it first in each list and counts it; deleting removes it; reverts undo both', () => {
    const p = withReviews([review('a')]);
    const write: BotActionIntent = { kind: 'submit-review', review: 'Great', before: null };
    const written = applyToProfile(p, write, BOT, 5);
    expect(written.myReview).toMatchObject({ review: 'Great', mine: true });
    expect(written.reviews.newest).toMatchObject({ total: 2, list: [{ review: 'Great', mine: true }, { review_uuid: 'a' }] });
    expect(revertOnProfile(written, write)).toEqual(p);
    const mine = review('m', { mine: true, review: 'Mine' });
    const q = withReviews([mine, review('a')], mine);
    const del: BotActionIntent = { kind: 'delete-review', before: mine };
    const deleted = applyToProfile(q, del, BOT, 5);
    expect(deleted.myReview).toBeNull();
    expect(deleted.reviews.newest).toEqual({ total: 1, list: [review('a')] });
    expect(revertOnProfile(deleted, del).myReview).toEqual(mine);
    expect(revertOnProfile(deleted, del).reviews.newest?.total).toBe(2);
  });

  it('names the catalogue text of each refusal', () => {
    expect(operationOf({ kind: 'flag', action: { kind: 'pin' }, before: {} })).toBe('pin');
    expect(operationOf({ kind: 'flag', action: { kind: 'unarchive' }, before: {} })).toBe('unarchive');
    expect(operationOf({ kind: 'report', reason_uuid: 'x', email: '', description: '', block: true, before: {} })).toBe('report');
    expect(operationOf({ kind: 'rate', rating: 3, before: null })).toBe('invalidBotId');
    expect(operationOf({ kind: 'submit-review', review: 'x', before: null })).toBe('submitReview');
    expect(operationOf({ kind: 'delete-review', before: null })).toBe('deleteReview');
    expect(operationOf({ kind: 'vote', review_uuid: 'a', vote: 1, before: { upvotes: 0, downvotes: 0, user_vote: null } })).toBeNull();
  });
});
