// Reading feed posts as one user sees them (src/api/feed-contract.ts FeedPost): texts in the
// request's language, counts counted from the rows of votes, answers, reactions and views (never
// stored, so they cannot drift), and only the caller's own vote, answers, reaction and save.
import type { FeedNotification, FeedPost, FeedQuestion } from '../../src/api/feed-contract';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Queryable } from '../db/db';
import { BOT_MEDIA, botMediaRef, type BotMediaName } from '../media/bot-media';

/** A text in the five languages (English at least). */
export type Texts = Partial<Record<LanguageCode, string>> & { en: string };

export const pick = (t: Partial<Texts> | null | undefined, language: LanguageCode): string => t?.[language] ?? t?.en ?? '';

/** What a post's media column holds: one of the bots' media files, by name, with an optional caption. */
export interface StoredMedia {
  bot_media: BotMediaName;
  caption?: Texts;
}

export const isBotMediaName = (name: unknown): name is BotMediaName => typeof name === 'string' && Object.hasOwn(BOT_MEDIA, name);

interface PostRow {
  post_uuid: string; bot_uuid: string; bot_name: string; bot_icon: string; subtype: string;
  title: Texts; body: Texts; media: StoredMedia | null; deep_link: string; multiple: boolean;
  allow_custom_response: boolean; created_at: number;
}

interface OptionRow { option_uuid: string; post_uuid: string; question_uuid: string | null; text: Texts; answers: number }
interface QuestionRow { question_uuid: string; post_uuid: string; text: Texts; correct_option_uuid: string | null; user_answer: string | null }

/** The posts with these ids as `userUuid` sees them, in the order given; unknown ids are left out. */
export async function loadPosts(q: Queryable, userUuid: string, postUuids: readonly string[], language: LanguageCode): Promise<FeedPost[]> {
  if (postUuids.length === 0) return [];
  const ids = [...postUuids];
  const [posts, options, questions, votes, voters, reactions, mine, saves, views] = await Promise.all([
    q.query<PostRow>(
      `SELECT p.post_uuid, p.bot_uuid, b.name AS bot_name, b.icon AS bot_icon, p.subtype, p.title, p.body, p.media, p.deep_link,
              p.multiple, p.allow_custom_response, p.created_at
       FROM feed_posts p JOIN bots b ON b.bot_uuid = p.bot_uuid WHERE p.post_uuid = ANY($1::uuid[])`, [ids]),
    q.query<OptionRow>(
      `SELECT o.option_uuid, o.post_uuid, o.question_uuid, o.text,
              ((SELECT count(*) FROM feed_poll_votes v WHERE v.option_uuid = o.option_uuid)
               + (SELECT count(*) FROM feed_answers a WHERE a.option_uuid = o.option_uuid))::int AS answers
       FROM feed_options o WHERE o.post_uuid = ANY($1::uuid[]) ORDER BY o.position`, [ids]),
    q.query<QuestionRow>(
      `SELECT qn.question_uuid, qn.post_uuid, qn.text, qn.correct_option_uuid, a.option_uuid AS user_answer
       FROM feed_questions qn LEFT JOIN feed_answers a ON a.question_uuid = qn.question_uuid AND a.user_uuid = $2
       WHERE qn.post_uuid = ANY($1::uuid[]) ORDER BY qn.position`, [ids, userUuid]),
    q.query<{ post_uuid: string; option_uuid: string }>('SELECT post_uuid, option_uuid FROM feed_poll_votes WHERE user_uuid = $2 AND post_uuid = ANY($1::uuid[])', [ids, userUuid]),
    q.query<{ post_uuid: string; custom_response: string | null }>('SELECT post_uuid, custom_response FROM feed_poll_voters WHERE user_uuid = $2 AND post_uuid = ANY($1::uuid[])', [ids, userUuid]),
    q.query<{ post_uuid: string; reaction: string; n: number }>('SELECT post_uuid, reaction, count(*)::int AS n FROM feed_reactions WHERE post_uuid = ANY($1::uuid[]) GROUP BY post_uuid, reaction', [ids]),
    q.query<{ post_uuid: string; reaction: string }>('SELECT post_uuid, reaction FROM feed_reactions WHERE user_uuid = $2 AND post_uuid = ANY($1::uuid[])', [ids, userUuid]),
    q.query<{ post_uuid: string }>('SELECT post_uuid FROM feed_saves WHERE user_uuid = $2 AND post_uuid = ANY($1::uuid[])', [ids, userUuid]),
    q.query<{ post_uuid: string; n: number }>('SELECT post_uuid, count(*)::int AS n FROM feed_views WHERE post_uuid = ANY($1::uuid[]) GROUP BY post_uuid', [ids]),
  ]);

  const group = <T extends { post_uuid: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) map.set(r.post_uuid, [...(map.get(r.post_uuid) ?? []), r]);
    return map;
  };
  const optionsOf = group(options);
  const questionsOf = group(questions);
  const votesOf = group(votes);
  const reactionsOf = group(reactions);
  const voterOf = new Map(voters.map((v) => [v.post_uuid, v]));
  const mineOf = new Map(mine.map((r) => [r.post_uuid, r.reaction]));
  const saved = new Set(saves.map((s) => s.post_uuid));
  const viewsOf = new Map(views.map((v) => [v.post_uuid, Number(v.n)]));

  const byId = new Map<string, FeedPost>();
  for (const p of posts) {
    const opts = optionsOf.get(p.post_uuid) ?? [];
    const toOption = (o: OptionRow) => ({ uuid: o.option_uuid, text: pick(o.text, language), answers: Number(o.answers) });
    const questionList: FeedQuestion[] = (questionsOf.get(p.post_uuid) ?? []).map((qn) => ({
      uuid: qn.question_uuid,
      text: pick(qn.text, language),
      options: opts.filter((o) => o.question_uuid === qn.question_uuid).map(toOption),
      user_answer: qn.user_answer,
      // the right answer is told only to those who have answered: the quiz stays a quiz
      correct_option_uuid: qn.user_answer !== null ? qn.correct_option_uuid : null,
    }));
    const voter = voterOf.get(p.post_uuid);
    const media = p.media && isBotMediaName(p.media.bot_media) ? botMediaRef(p.media.bot_media, p.media.caption ? pick(p.media.caption, language) : undefined) : null;
    byId.set(p.post_uuid, {
      post_uuid: p.post_uuid,
      type: p.subtype,
      subtype: p.subtype,
      bot: { bot_uuid: p.bot_uuid, name: p.bot_name, icon: p.bot_icon },
      title: pick(p.title, language),
      body: pick(p.body, language),
      media,
      deep_link: p.deep_link,
      created_at: Number(p.created_at),
      options: opts.filter((o) => o.question_uuid === null).map(toOption),
      multiple: p.multiple,
      allow_custom_response: p.allow_custom_response,
      user_vote: voter ? { option_uuid_list: (votesOf.get(p.post_uuid) ?? []).map((v) => v.option_uuid), custom_response: voter.custom_response } : null,
      question_list: questionList,
      reactions: Object.fromEntries((reactionsOf.get(p.post_uuid) ?? []).map((r) => [r.reaction, Number(r.n)])),
      user_reaction: mineOf.get(p.post_uuid) ?? null,
      is_saved: saved.has(p.post_uuid),
      view_count: viewsOf.get(p.post_uuid) ?? 0,
    });
  }
  return ids.map((id) => byId.get(id)).filter((p): p is FeedPost => p !== undefined);
}

export async function loadPost(q: Queryable, userUuid: string, postUuid: string, language: LanguageCode): Promise<FeedPost | undefined> {
  return (await loadPosts(q, userUuid, [postUuid], language))[0];
}

interface NotificationRow {
  notification_uuid: string; bot_uuid: string; bot_name: string; bot_icon: string; subtype: string;
  title: Texts; body: Texts; deep_link: string; created_at: number;
}

export const NOTIFICATION_SELECT = `
  SELECT n.notification_uuid, n.bot_uuid, b.name AS bot_name, b.icon AS bot_icon, n.subtype, n.title, n.body, n.deep_link, n.created_at
  FROM feed_notifications n JOIN bots b ON b.bot_uuid = n.bot_uuid`;

export function toNotification(n: NotificationRow, language: LanguageCode): FeedNotification {
  return {
    notification_uuid: n.notification_uuid,
    subtype: n.subtype,
    bot: { bot_uuid: n.bot_uuid, name: n.bot_name, icon: n.bot_icon },
    title: pick(n.title, language),
    body: pick(n.body, language),
    deep_link: n.deep_link,
    created_at: Number(n.created_at),
  };
}
export type { NotificationRow };
