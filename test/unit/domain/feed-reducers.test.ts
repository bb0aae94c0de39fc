// Optimistic feed ops (src/domain/feed-reducers.ts): counts move at once, each op applied over a
// post that already has it changes nothing (the server's answer and the queued op agree), and a
// post shown with no queued ops is the server's.
import { describe, expect, it } from 'vitest';
import type { FeedPost } from '../../../src/api/feed-contract';
import { applyFeedOp, displayPost, type FeedOp } from '../../../src/domain/feed-reducers';

const P = 'post-1';
const base = (over: Partial<FeedPost> = {}): FeedPost => ({
  post_uuid: P, type: 'poll', subtype: 'poll', bot: { bot_uuid: '1', name: 'Bot', icon: '' }, title: 'T', body: '', media: null, deep_link: '', created_at: 1,
  options: [{ uuid: 'a', text: 'A', answers: 3 }, { uuid: 'b', text: 'B', answers: 1 }, { uuid: 'c', text: 'C', answers: 0 }],
  multiple: false, allow_custom_response: true, user_vote: null,
  question_list: [{ uuid: 'q', text: 'Q', options: [{ uuid: 'x', text: 'X', answers: 2 }, { uuid: 'y', text: 'Y', answers: 0 }], user_answer: null, correct_option_uuid: null }],
  reactions: { like: 2 }, user_reaction: null, is_saved: false, view_count: 0, ...over,
});
const counts = (p: FeedPost) => p.options.map((o) => o.answers);

describe('votes', () => {
  it('adds a vote, moves it on a change, and is idempotent', () => {
    const voted = applyFeedOp(base(), { op: 'vote', post_uuid: P, option_uuid_list: ['b'] });
    expect(counts(voted)).toEqual([3, 2, 0]);
    expect(voted.user_vote).toEqual({ option_uuid_list: ['b'], custom_response: null });
    const changed = applyFeedOp(voted, { op: 'vote', post_uuid: P, option_uuid_list: ['c'], custom_response: 'x' });
    expect(counts(changed)).toEqual([3, 1, 1]);
    expect(applyFeedOp(changed, { op: 'vote', post_uuid: P, option_uuid_list: ['c'], custom_response: 'x' })).toEqual(changed);
  });

  it('moves several options of a multi-choice vote', () => {
    const p = base({ multiple: true, user_vote: { option_uuid_list: ['a'], custom_response: null } });
    expect(counts(applyFeedOp(p, { op: 'vote', post_uuid: P, option_uuid_list: ['b', 'c'] }))).toEqual([2, 2, 1]);
  });

  it('leaves other posts alone', () => {
    expect(applyFeedOp(base(), { op: 'vote', post_uuid: 'other', option_uuid_list: ['a'] })).toEqual(base());
  });
});

describe('answers', () => {
  it('counts the first answer only (one answer per question)', () => {
    const once = applyFeedOp(base(), { op: 'quiz-answer', post_uuid: P, question_uuid: 'q', option_uuid: 'y' });
    expect(once.question_list[0]!.user_answer).toBe('y');
    expect(once.question_list[0]!.options.map((o) => o.answers)).toEqual([2, 1]);
    expect(applyFeedOp(once, { op: 'quiz-answer', post_uuid: P, question_uuid: 'q', option_uuid: 'x' })).toEqual(once);
    expect(applyFeedOp(base(), { op: 'answer', post_uuid: P, option_uuid: 'x' }).question_list[0]!.options[0]!.answers).toBe(3);
  });

  it('ignores an option the question does not have', () => {
    expect(applyFeedOp(base(), { op: 'answer', post_uuid: P, option_uuid: 'nope' })).toEqual(base());
  });
});

describe('reactions and saves', () => {
  it('adds, changes and removes the user\'s one reaction', () => {
    const liked = applyFeedOp(base(), { op: 'reaction', post_uuid: P, user_reaction: 'like' });
    expect([liked.reactions, liked.user_reaction]).toEqual([{ like: 3 }, 'like']);
    const loved = applyFeedOp(liked, { op: 'reaction', post_uuid: P, user_reaction: 'love' });
    expect(loved.reactions).toEqual({ like: 2, love: 1 });
    const removed = applyFeedOp(loved, { op: 'reaction', post_uuid: P, user_reaction: null });
    expect([removed.reactions, removed.user_reaction]).toEqual([{ like: 2 }, null]);
    expect(applyFeedOp(loved, { op: 'reaction', post_uuid: P, user_reaction: 'love' })).toEqual(loved);
  });

  it('saves and unsaves', () => {
    expect(applyFeedOp(base(), { op: 'save', post_uuid: P }).is_saved).toBe(true);
    expect(applyFeedOp(base({ is_saved: true }), { op: 'unsave', post_uuid: P }).is_saved).toBe(false);
  });
});

describe('displayPost', () => {
  it('lays the queued ops over the server\'s post in order; a dropped op (a refusal) is undone', () => {
    const ops: FeedOp[] = [
      { op: 'vote', post_uuid: P, option_uuid_list: ['a'] },
      { op: 'vote', post_uuid: P, option_uuid_list: ['b'] },
      { op: 'reaction', post_uuid: P, user_reaction: 'clap' },
    ];
    const shown = displayPost(base(), ops);
    expect(counts(shown)).toEqual([3, 2, 0]);
    expect(shown.reactions).toEqual({ like: 2, clap: 1 });
    // the server took the first vote: its answer as base, with the rest still queued
    const server = base({ options: [{ uuid: 'a', text: 'A', answers: 4 }, { uuid: 'b', text: 'B', answers: 1 }, { uuid: 'c', text: 'C', answers: 0 }], user_vote: { option_uuid_list: ['a'], custom_response: null } });
    expect(displayPost(server, ops)).toEqual(shown);
    // the reaction was refused: it leaves the queue and the count is the server's again
    expect(displayPost(base(), ops.slice(0, 2)).reactions).toEqual({ like: 2 });
  });
});
