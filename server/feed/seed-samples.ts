// Ids of a few seeded demo posts, for tests and route samples (indexes are places in SEED_POSTS
// of seed-content.ts, whose order is therefore fixed).
import { seedNotificationUuid, seedPartUuid, seedPostUuid } from './seed';

const optionsOf = (index: number, count: number, prefix = '') => Array.from({ length: count }, (_, i) => seedPartUuid(index, `${prefix}option-${i}`));

/** SEED_POSTS[1]: single-choice poll of 3 options (Swasthya Saathi). */
export const SEED_POLL = { post: seedPostUuid(1), options: optionsOf(1, 3), notification: seedNotificationUuid(0) };
/** SEED_POSTS[4]: multi-choice poll of 4 options. */
export const SEED_MULTI_POLL = { post: seedPostUuid(4), options: optionsOf(4, 4) };
/** SEED_POSTS[5]: single-choice poll of 3 options that takes a custom response. */
export const SEED_CUSTOM_POLL = { post: seedPostUuid(5), options: optionsOf(5, 3) };
/** SEED_POSTS[0]: quiz of 3 questions of 3 options; right answers 1, 0, 2. */
export const SEED_QUIZ = {
  post: seedPostUuid(0),
  questions: [0, 1, 2].map((q) => ({ question: seedPartUuid(0, `question-${q}`), options: optionsOf(0, 3, `question-${q}-`) })),
  correct: [1, 0, 2],
};
/** SEED_POSTS[3]: a question of 3 options. */
export const SEED_QUESTION = { post: seedPostUuid(3), question: seedPartUuid(3, 'question-0'), options: optionsOf(3, 3, 'question-0-') };
/** SEED_POSTS[2]: an announcement with a picture. */
export const SEED_ANNOUNCEMENT = { post: seedPostUuid(2) };
