// What the user did to a feed post, laid over the server's post while it waits in the action
// queue (issue 13: "shown at once, counts moved optimistically"). Each op is idempotent against a
// post that already has it (a vote for B over a post the server says is voted B changes
// nothing), so the server's fresh answer and the op still queued for a moment show the same
// counts, and a refused op undoes itself by leaving the queue: nothing to reverse by hand.
import type { FeedPost } from '../api/feed-contract';
import type { FeedReaction } from './feed-rules';

export type FeedOp =
  | { op: 'vote'; post_uuid: string; option_uuid_list: string[]; custom_response?: string }
  | { op: 'answer'; post_uuid: string; option_uuid: string }
  | { op: 'quiz-answer'; post_uuid: string; question_uuid: string; option_uuid: string }
  | { op: 'reaction'; post_uuid: string; user_reaction: FeedReaction | null }
  | { op: 'save'; post_uuid: string }
  | { op: 'unsave'; post_uuid: string }
  | { op: 'views'; post_uuid_list: string[] };

const bump = (options: FeedPost['options'], uuid: string, delta: number): FeedPost['options'] =>
  options.map((o) => (o.uuid === uuid ? { ...o, answers: Math.max(0, o.answers + delta) } : o));

function answerQuestion(post: FeedPost, questionUuid: string | null, optionUuid: string): FeedPost {
  const index = questionUuid === null ? 0 : post.question_list.findIndex((q) => q.uuid === questionUuid);
  const question = post.question_list[index];
  // answered already (one answer per question): the server keeps the first
  if (!question || question.user_answer !== null || !question.options.some((o) => o.uuid === optionUuid)) return post;
  const question_list = post.question_list.map((q, i) => (i === index ? { ...q, user_answer: optionUuid, options: bump(q.options, optionUuid, 1) } : q));
  return { ...post, question_list };
}

/** The post with one op applied. */
export function applyFeedOp(post: FeedPost, op: FeedOp): FeedPost {
  if (op.op === 'views' || op.post_uuid !== post.post_uuid) return post;
  switch (op.op) {
    case 'vote': {
      let options = post.options;
      for (const uuid of post.user_vote?.option_uuid_list ?? []) options = bump(options, uuid, -1);
      for (const uuid of op.option_uuid_list) options = bump(options, uuid, 1);
      return { ...post, options, user_vote: { option_uuid_list: [...op.option_uuid_list], custom_response: op.custom_response ?? null } };
    }
    case 'answer':
      return answerQuestion(post, null, op.option_uuid);
    case 'quiz-answer':
      return answerQuestion(post, op.question_uuid, op.option_uuid);
    case 'reaction': {
      const reactions = { ...post.reactions };
      if (post.user_reaction !== null) {
        const left = (reactions[post.user_reaction] ?? 0) - 1;
        if (left > 0) reactions[post.user_reaction] = left;
        else delete reactions[post.user_reaction];
      }
      if (op.user_reaction !== null) reactions[op.user_reaction] = (reactions[op.user_reaction] ?? 0) + 1;
      return { ...post, reactions, user_reaction: op.user_reaction };
    }
    case 'save':
      return { ...post, is_saved: true };
    case 'unsave':
      return { ...post, is_saved: false };
  }
}

/** The post as shown: the server's, then every op still queued for it, oldest first. */
export function displayPost(post: FeedPost, queued: readonly FeedOp[]): FeedPost {
  return queued.reduce(applyFeedOp, post);
}

/** The ops of this post among the queued ones (views are not about one post's display). */
export function opsOfPost(queued: readonly FeedOp[], postUuid: string): FeedOp[] {
  return queued.filter((op) => op.op !== 'views' && op.post_uuid === postUuid);
}
