// One feed post (issue 13): its bot and time, title, body and picture, then by kind a poll
// (single or multiple choice, an optional own answer sent only if non-blank), a quiz (each
// question once; then the right option and each option's count), a question, or nothing more
// (an announcement); then reactions with counts (the user's own pressed: tap it again to remove)
// and Save. Every tap is queued and shown at once; while it waits the card says so.
import { memo, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FeedPost, FeedQuestion } from '../../api/feed-contract';
import { answerFeedQuestion, answerQuizQuestion, downloadMedia, reactToPost, setPostSaved, votePoll } from '../../db/commands';
import { useMediaFile, type ShownPost } from '../../db/hooks';
import { CUSTOM_RESPONSE_MAX_CHARS, FEED_REACTIONS } from '../../domain/feed-rules';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { useVerdictSound } from '../shared/use-sound';

function PostImage({ post, online }: { post: FeedPost; online: boolean }) {
  const t = useT();
  const media = post.media;
  const [version, setVersion] = useState('');
  const file = useMediaFile(media?.url ?? null, version);
  useEffect(() => {
    // kept in the media cache once fetched, so the picture shows offline afterwards
    if (media && file.checked && !file.objectUrl && online) void downloadMedia(media.url).then(() => setVersion('done'));
  }, [media, file.checked, file.objectUrl, online]);
  if (!media || !media.content_type.startsWith('image/')) return null;
  const src = file.objectUrl ?? media.thumbnail;
  const ratio = media.width && media.height ? `${media.width} / ${media.height}` : '3 / 2';
  return (
    <div className="feed-post__media" style={{ aspectRatio: ratio }}>
      {src && <img src={src} alt={t('feed.image', { title: post.title })} loading="lazy" />}
    </div>
  );
}

function Counts({ count, total, chosen, right }: { count: number; total: number; chosen: boolean; right?: boolean }) {
  const t = useT();
  const share = total > 0 ? Math.round((count / total) * 100) : 0;
  return (
    <span className="feed-option__result">
      <span className="feed-option__bar" style={{ width: `${share}%` }} aria-hidden="true" />
      <span className="feed-option__count">{share}% · {t('feed.answers', { count })}</span>
      {chosen && <span className="feed-option__mine">{t('feed.poll.yourChoice')}</span>}
      {right && <span className="feed-option__right">{t('feed.quiz.rightAnswer')}</span>}
    </span>
  );
}

function Poll({ post }: { post: FeedPost }) {
  const t = useT();
  const name = useId();
  const voted = post.user_vote;
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>(voted?.option_uuid_list ?? []);
  const [custom, setCustom] = useState(voted?.custom_response ?? '');
  const total = post.options.reduce((n, o) => n + o.answers, 0);
  if (voted && !editing) {
    return (
      <div className="feed-post__options">
        <ul className="feed-results">
          {post.options.map((o) => (
            <li key={o.uuid} className={`feed-option feed-option--result${voted.option_uuid_list.includes(o.uuid) ? ' feed-option--mine' : ''}`}>
              <span className="feed-option__text">{o.text}</span>
              <Counts count={o.answers} total={total} chosen={voted.option_uuid_list.includes(o.uuid)} />
            </li>
          ))}
        </ul>
        {voted.custom_response && <p className="feed-post__custom">“{voted.custom_response}”</p>}
        <Button variant="text" onClick={() => { setChosen(voted.option_uuid_list); setEditing(true); }}>{t('feed.poll.changeVote')}</Button>
      </div>
    );
  }
  const toggle = (uuid: string) => setChosen((c) => (post.multiple ? (c.includes(uuid) ? c.filter((x) => x !== uuid) : [...c, uuid]) : [uuid]));
  return (
    <form className="feed-post__options" onSubmit={(e) => {
      e.preventDefault();
      if (chosen.length === 0) return;
      setEditing(false);
      void votePoll(post.post_uuid, chosen, post.allow_custom_response ? custom : undefined);
    }}>
      <fieldset className="feed-choices">
        <legend className="feed-choices__legend">{t(post.multiple ? 'feed.poll.pickMany' : 'feed.poll.pickOne')}</legend>
        {post.options.map((o) => (
          <label key={o.uuid} className="feed-option feed-option--choice">
            <input type={post.multiple ? 'checkbox' : 'radio'} name={name} value={o.uuid} checked={chosen.includes(o.uuid)} onChange={() => toggle(o.uuid)} />
            <span className="feed-option__text">{o.text}</span>
          </label>
        ))}
      </fieldset>
      {post.allow_custom_response && (
        <label className="feed-post__custom-field">
          <span>{t('feed.poll.custom')}</span>
          <input type="text" value={custom} maxLength={CUSTOM_RESPONSE_MAX_CHARS} onChange={(e) => setCustom(e.target.value)} />
        </label>
      )}
      <Button type="submit" disabled={chosen.length === 0}>{t('feed.poll.vote')}</Button>
    </form>
  );
}

function Question({ post, question, index, quiz }: { post: FeedPost; question: FeedQuestion; index: number; quiz: boolean }) {
  const t = useT();
  const total = question.options.reduce((n, o) => n + o.answers, 0);
  const answered = question.user_answer;
  const right = question.correct_option_uuid;
  const headingId = useId();
  useVerdictSound(quiz && answered !== null && right !== null ? right === answered : null);
  const answer = (optionUuid: string) => {
    if (quiz) void answerQuizQuestion(post.post_uuid, question.uuid, optionUuid);
    else void answerFeedQuestion(post.post_uuid, optionUuid);
  };
  return (
    <section className="feed-question" aria-labelledby={headingId}>
      {quiz && post.question_list.length > 1 && <p className="feed-question__step">{t('feed.quiz.questionOf', { n: index + 1, total: post.question_list.length })}</p>}
      <h4 id={headingId} className="feed-question__text">{question.text}</h4>
      {answered === null ? (
        <div className="feed-question__options">
          {question.options.map((o) => (
            <Button key={o.uuid} variant="secondary" block onClick={() => answer(o.uuid)}>{o.text}</Button>
          ))}
        </div>
      ) : (
        <>
          <ul className="feed-results">
            {question.options.map((o) => (
              <li key={o.uuid} className={`feed-option feed-option--result${o.uuid === answered ? ' feed-option--mine' : ''}${o.uuid === right ? ' feed-option--right' : ''}`}>
                <span className="feed-option__text">{o.text}</span>
                <Counts count={o.answers} total={total} chosen={o.uuid === answered} right={quiz && o.uuid === right} />
              </li>
            ))}
          </ul>
          {quiz && (
            <p className="feed-question__verdict" role="status">
              {right === null ? t('feed.quiz.checking') : right === answered ? t('feed.quiz.correct') : t('feed.quiz.wrong')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Reactions({ post }: { post: FeedPost }) {
  const t = useT();
  return (
    <div className="feed-reactions" role="group" aria-label={t('feed.reactions')}>
      {FEED_REACTIONS.map((r) => {
        const count = post.reactions[r] ?? 0;
        const mine = post.user_reaction === r;
        return (
          <button key={r} type="button" className={`feed-reaction${mine ? ' feed-reaction--mine' : ''}`} aria-pressed={mine}
            aria-label={t('feed.reactionCount', { reaction: t(`feed.reaction.${r}`), count })}
            onClick={() => void reactToPost(post.post_uuid, mine ? null : r)}>
            {/* words, not emoji: many phones' fonts lack some of them */}
            <span aria-hidden="true">{t(`feed.reaction.${r}`)}</span>
            {count > 0 && <span className="feed-reaction__count" aria-hidden="true">{count}</span>}
          </button>
        );
      })}
    </div>
  );
}

/** Memoised: while the list scrolls only the cards coming into view render (a post's object is the same until it changes). */
export const PostCard = memo(function PostCard({ shown, online }: { shown: ShownPost; online: boolean }) {
  const intl = useIntl();
  const t = useT();
  const { post, pending } = shown;
  const titleId = useId();
  return (
    <article className="feed-card feed-post" aria-labelledby={titleId} data-testid="feed-post" data-post={post.post_uuid}>
      <header className="feed-card__head">
        <Avatar name={post.bot.name || '?'} src={post.bot.icon} size="small" />
        <span className="feed-card__bot">{post.bot.name}</span>
        <time className="feed-card__time" dateTime={new Date(post.created_at).toISOString()}>
          {intl.formatDate(post.created_at, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })}
        </time>
      </header>
      <h3 id={titleId} className="feed-card__title">{post.title}</h3>
      {post.body && <p className="feed-card__body">{post.body}</p>}
      <PostImage post={post} online={online} />
      {post.subtype === 'poll' && <Poll key={JSON.stringify(post.user_vote)} post={post} />}
      {(post.subtype === 'quiz' || post.subtype === 'question') && post.question_list.map((q, i) => (
        <Question key={q.uuid} post={post} question={q} index={i} quiz={post.subtype === 'quiz'} />
      ))}
      <footer className="feed-card__foot">
        <Reactions post={post} />
        <Button variant="text" aria-pressed={post.is_saved} aria-label={t('feed.saveLabel', { title: post.title })}
          onClick={() => void setPostSaved(post.post_uuid, !post.is_saved)}>
          {t(post.is_saved ? 'feed.saved' : 'feed.save')}
        </Button>
      </footer>
      {pending && <p className="feed-card__pending" role="status" data-testid="feed-pending">{t('feed.pending')}</p>}
    </article>
  );
});
