// Rating, votes and the user's own review: applied to the cached profile at once and queued.
import { nextVote, reviewProblem, type Vote } from '../../domain/bot-rules';
import { operationError } from '../../domain/errors';
import { enqueueBotAction } from '../bot-action-queue';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { getLocalDoc } from '../local-store';

async function profileOf(botUuid: string) {
  return (await getLocalDoc(getClient().db, 'bot-profiles'))?.bots[botUuid];
}

/** submit-rating: 1 to 5 stars. */
export async function rateBot(botUuid: string, rating: number): Promise<CommandResult> {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return failed(operationError('invalidBotId'));
  const before = (await profileOf(botUuid))?.rating ?? null;
  await enqueueBotAction(getClient().db, botUuid, { kind: 'rate', rating, before }, Date.now());
  return ok();
}

/** A tap on up or down: the same vote again removes it, another replaces it (the result is sent). */
export async function voteReview(botUuid: string, reviewUuid: string, vote: Vote): Promise<CommandResult> {
  const p = await profileOf(botUuid);
  const review = Object.values(p?.reviews ?? {}).flatMap((page) => page?.list ?? []).find((r) => r.review_uuid === reviewUuid);
  if (!review || review.mine) return ok();
  const before = { upvotes: review.upvotes, downvotes: review.downvotes, user_vote: review.user_vote };
  await enqueueBotAction(getClient().db, botUuid, { kind: 'vote', review_uuid: reviewUuid, vote: nextVote(review.user_vote, vote), before }, Date.now());
  return ok();
}

/**
 * Writes or edits the user's review (blank or too long: 'Error submitting review', nothing queued;
 * the screen stops a blank one itself, under the field, with reviewProblem).
 */
export async function submitReview(botUuid: string, text: string): Promise<CommandResult> {
  const review = text.trim();
  if (reviewProblem(review) !== null) return failed(operationError('submitReview'));
  const before = (await profileOf(botUuid))?.myReview ?? null;
  await enqueueBotAction(getClient().db, botUuid, { kind: 'submit-review', review, before }, Date.now());
  return ok();
}

export async function deleteReview(botUuid: string): Promise<CommandResult> {
  const before = (await profileOf(botUuid))?.myReview ?? null;
  await enqueueBotAction(getClient().db, botUuid, { kind: 'delete-review', before }, Date.now());
  return ok();
}
