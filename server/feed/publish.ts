// Publishing a post as a bot (the seed, `npm run post`, tests) and announcing new posts on the
// live sockets. A post is validated with postInputSchema, then written in one transaction.
// Announcing is separate from writing on purpose: `npm run post` runs in another process (with
// PostgreSQL the server keeps running), so the server finds new posts by their publication
// sequence (feed_posts.seq) on a short timer and sends each open socket a 'feed-post' frame.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SocketFrameOut } from '../../src/api/messages';
import { FEED_SUBTYPES } from '../../src/domain/feed-rules';
import type { Db, Queryable } from '../db/db';
import { isBotMediaName } from './store';

const text = z.string().trim().min(1, 'a text must not be blank').max(500, 'a text must be at most 500 characters');
/** A text in English and, optionally, the other four languages. */
const textsSchema = z.object({ en: text, hi: text.optional(), gu: text.optional(), mr: text.optional(), te: text.optional() }).strict();

const optionsSchema = z.array(textsSchema).min(2, 'a list of options needs at least 2').max(10, 'at most 10 options');

/** What `npm run post --file post.json` reads (and the seed writes). Texts are {en, hi?, gu?, mr?, te?}. */
export const postInputSchema = z.object({
  post_uuid: z.string().uuid().optional(),
  subtype: z.enum(FEED_SUBTYPES.post),
  title: textsSchema,
  body: textsSchema.optional(),
  /** One of the bots' media files by name (server/media/bot-media.ts), e.g. "jpeg". */
  media: z.object({ bot_media: z.string().refine(isBotMediaName, 'bot_media must name a file of server/media/bot-media.ts'), caption: textsSchema.optional() }).strict().optional(),
  deep_link: z.string().max(500).optional(),
  /** poll */
  options: optionsSchema.optional(),
  multiple: z.boolean().optional(),
  allow_custom_response: z.boolean().optional(),
  /** quiz (several) and question (one); correct: index of the right option (quiz only) */
  questions: z.array(z.object({ text: textsSchema, options: optionsSchema, correct: z.number().int().min(0).optional() }).strict()).min(1).max(20).optional(),
  created_at: z.number().int().min(0).optional(),
}).strict().superRefine((p, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (p.subtype === 'poll' && !p.options) issue('a poll needs options');
  if (p.subtype !== 'poll' && (p.options || p.multiple || p.allow_custom_response)) issue('only a poll has options, multiple or allow_custom_response');
  if ((p.subtype === 'quiz' || p.subtype === 'question') && !p.questions) issue(`a ${p.subtype} needs questions`);
  if (p.subtype === 'question' && p.questions && p.questions.length !== 1) issue('a question post has exactly one question');
  if (p.subtype === 'announcement' && p.questions) issue('an announcement has no questions');
  for (const q of p.questions ?? []) {
    if (p.subtype === 'quiz' && (q.correct === undefined || q.correct >= q.options.length)) issue('every quiz question needs correct: the index of one of its options');
    if (p.subtype === 'question' && q.correct !== undefined) issue('a plain question has no correct option');
  }
});
export type PostInput = z.input<typeof postInputSchema>;

/** Ids of a new post's parts; the seed passes stable ones so a restart does not duplicate it. */
export type IdMaker = (part: string) => string;

/** Writes the post by the bot; answers its post_uuid. Throws when the bot is unknown. */
export async function publishPost(db: Db, botUuid: string, input: PostInput, now: number, idOf: IdMaker = () => randomUUID()): Promise<string> {
  const p = postInputSchema.parse(input);
  const postUuid = p.post_uuid ?? idOf('post');
  await db.transaction(async (tx) => {
    const bots = await tx.query('SELECT 1 FROM bots WHERE bot_uuid = $1', [botUuid]);
    if (!bots[0]) throw new Error(`no bot ${botUuid}`);
    await tx.query(
      `INSERT INTO feed_posts (post_uuid, bot_uuid, subtype, title, body, media, deep_link, multiple, allow_custom_response, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [postUuid, botUuid, p.subtype, JSON.stringify(p.title), JSON.stringify(p.body ?? { en: '' }), p.media ? JSON.stringify(p.media) : null,
        p.deep_link ?? `/feed?post=${postUuid}`, p.multiple ?? false, p.allow_custom_response ?? false, p.created_at ?? now],
    );
    await insertOptions(tx, postUuid, null, p.options ?? [], (i) => idOf(`option-${i}`));
    for (const [qi, q] of (p.questions ?? []).entries()) {
      const questionUuid = idOf(`question-${qi}`);
      const optionIds = q.options.map((_, i) => idOf(`question-${qi}-option-${i}`));
      await tx.query('INSERT INTO feed_questions (question_uuid, post_uuid, position, text, correct_option_uuid) VALUES ($1, $2, $3, $4, $5)',
        [questionUuid, postUuid, qi, JSON.stringify(q.text), q.correct === undefined ? null : optionIds[q.correct]]);
      await insertOptions(tx, postUuid, questionUuid, q.options, (i) => optionIds[i]!);
    }
  });
  return postUuid;
}

async function insertOptions(tx: Queryable, postUuid: string, questionUuid: string | null, options: readonly object[], idOf: (i: number) => string): Promise<void> {
  for (const [i, text] of options.entries()) {
    await tx.query('INSERT INTO feed_options (option_uuid, post_uuid, question_uuid, position, text) VALUES ($1, $2, $3, $4, $5)',
      [idOf(i), postUuid, questionUuid, i, JSON.stringify(text)]);
  }
}

/** How often the server looks for posts published by another process. */
export const FEED_ANNOUNCE_EVERY_MS = 3000;

/** Sends a 'feed-post' frame to every open socket for each post published since it started. */
export class FeedAnnouncer {
  private lastSeq = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly broadcast: (frame: SocketFrameOut) => Promise<number>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts after the posts already there (the seed is not news). */
  async start(everyMs = FEED_ANNOUNCE_EVERY_MS): Promise<void> {
    const rows = await this.db.query<{ seq: number | null }>('SELECT max(seq) AS seq FROM feed_posts');
    this.lastSeq = Number(rows[0]?.seq ?? 0);
    this.timer = setInterval(() => void this.check(), everyMs);
    this.timer.unref();
  }

  /** Announces the posts published since the last check (one check at a time). */
  check(): Promise<void> {
    this.running = this.running.then(async () => {
      try {
        const rows = await this.db.query<{ post_uuid: string; seq: number }>('SELECT post_uuid, seq FROM feed_posts WHERE seq > $1 ORDER BY seq LIMIT 100', [this.lastSeq]);
        for (const r of rows) {
          this.lastSeq = Math.max(this.lastSeq, Number(r.seq));
          await this.broadcast({ action: 'feed-post', body: { post_uuid: r.post_uuid } });
        }
      } catch (err) {
        this.log.error({ err }, 'feed announcement failed');
      }
    });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
