// Seeds the demo feed once (server/feed/seed-content.ts): each post and notification gets ids
// derived from its place in the list, so a restart finds them and adds nothing.
import { createHash } from 'node:crypto';
import { HOUR_MS } from '../../src/domain/constants';
import type { Db } from '../db/db';
import { publishPost } from './publish';
import { five, SEED_NOTIFICATIONS, SEED_POSTS } from './seed-content';

/** A stable UUID (version 5 layout) for a name: the seed's ids. */
export function seedUuid(name: string): string {
  const h = createHash('sha1').update(`feed-seed:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export const seedPostUuid = (index: number) => seedUuid(`post-${index}:post`);
/** Id of a part of a seeded post: 'option-0', 'question-1', 'question-1-option-2'. */
export const seedPartUuid = (index: number, part: string) => seedUuid(`post-${index}:${part}`);
export const seedNotificationUuid = (index: number) => seedUuid(`notification-${index}`);

/** Writes the demo posts and notifications the database does not have yet. */
export async function seedFeed(db: Db, now: number): Promise<void> {
  const have = new Set((await db.query<{ post_uuid: string }>('SELECT post_uuid FROM feed_posts WHERE post_uuid = ANY($1::uuid[])',
    [SEED_POSTS.map((_, i) => seedPostUuid(i))])).map((r) => r.post_uuid));
  const bots = new Set((await db.query<{ bot_uuid: string }>('SELECT bot_uuid FROM bots')).map((r) => r.bot_uuid));
  for (const [i, s] of SEED_POSTS.entries()) {
    if (have.has(seedPostUuid(i)) || !bots.has(s.bot)) continue;
    const { title, body, options, questions, ...rest } = s.post;
    await publishPost(db, s.bot, {
      ...rest,
      title: five(title),
      ...(body ? { body: five(body) } : {}),
      ...(options ? { options: options.map(five) } : {}),
      ...(questions ? { questions: questions.map((q) => ({ text: five(q.text), options: q.options.map(five), ...(q.correct !== undefined ? { correct: q.correct } : {}) })) } : {}),
      created_at: Math.round(now - s.hoursAgo * HOUR_MS),
    }, now, (part) => seedUuid(`post-${i}:${part}`));
  }
  for (const [i, n] of SEED_NOTIFICATIONS.entries()) {
    if (!bots.has(n.bot)) continue;
    await db.query(
      `INSERT INTO feed_notifications (notification_uuid, user_uuid, bot_uuid, subtype, title, body, deep_link, created_at)
       VALUES ($1, NULL, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [seedNotificationUuid(i), n.bot, n.subtype, JSON.stringify(five(n.title)), JSON.stringify(five(n.body)), n.deep_link, Math.round(now - n.hoursAgo * HOUR_MS)],
    );
  }
}
