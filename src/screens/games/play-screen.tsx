// /engage-play?play=<uuid>: the play surface of a started game (issue 14: timed quiz, maths
// sprint, word puzzle, memory match). Every answer is shown at once and queued; the server scores
// it (src/sync/games-sync.ts), so a client cannot post a score it did not earn. Offline, answers
// wait on the phone and the screen says so; a refused one shows the server's words.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { AnswerResult, Play } from '../../api/engage-contract';
import { answerGame } from '../../db/commands';
import { useGames } from '../../db/hooks';
import type { PendingAnswer } from '../../db/schemas';
import { Button } from '../../ui/button';
import { PageHeader } from '../bots/page-header';
import { useT, type Translate } from '../shared/use-t';
import { MemoryGrid } from './memory-grid';
import '../bots/bots.css';
import './games.css';
import { useVerdictSound } from '../shared/use-sound';

/** The first step with neither a result nor a queued answer. */
function nextStep(play: Play, pending: readonly PendingAnswer[]): number {
  const taken = new Set([...play.answers.map((a) => a.step), ...pending.filter((p) => p.state === 'queued').map((p) => p.step)]);
  for (let i = 0; i < play.steps_total; i++) if (!taken.has(i)) return i;
  return play.steps_total;
}

function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

function Feedback({ result, t, label }: { result: AnswerResult | undefined; t: Translate; label: (a: string) => string }) {
  useVerdictSound(result && !result.late ? result.correct : null);
  if (!result) return null;
  if (result.late) return <p className="games-note" role="status">{t('games.late')}</p>;
  return (
    <p className={`games-note ${result.correct ? 'games-note--ok' : 'games-note--error'}`} role="status">
      {result.correct ? t('games.correct') : t('games.wrong', { answer: label(result.correct_answer ?? '') })}
    </p>
  );
}

function PendingNotes({ pending, t }: { pending: readonly PendingAnswer[]; t: Translate }) {
  const queued = pending.some((p) => p.state === 'queued');
  const refused = pending.filter((p) => p.state === 'refused');
  return (
    <>
      {queued && <p className="games-note" role="status" data-testid="answers-queued">{t('games.queued')}</p>}
      {refused.map((p) => <p key={p.step} className="games-note games-note--error" role="alert">{t('games.refused', { message: p.message ?? '' })}</p>)}
    </>
  );
}

function OptionsStep({ play, step, t }: { play: Play; step: number; t: Translate }) {
  const q = play.questions![step]!;
  return (
    <div className="games-section">
      <p className="games-tile__meta">{t('games.question', { n: step + 1, total: play.steps_total })}</p>
      <p className="games-prompt" id="question">{q.prompt}</p>
      <div className="games-options" role="group" aria-labelledby="question">
        {q.options.map((o, i) => (
          <button key={i} type="button" className="games-option" onClick={() => void answerGame(play.play_uuid, step, { answer: String(i) })}>{o}</button>
        ))}
      </div>
    </div>
  );
}

function NumberStep({ play, step, t }: { play: Play; step: number; t: Translate }) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^-?\d+$/.test(value.trim())) return;
    void answerGame(play.play_uuid, step, { answer: value.trim() });
    setValue('');
  };
  return (
    <form className="games-section" onSubmit={submit}>
      <p className="games-tile__meta">{t('games.problem', { n: step + 1, total: play.steps_total })}</p>
      <p className="games-prompt" id="problem">{play.problems![step]!.prompt}</p>
      <div className="games-input-row">
        <input aria-label={t('games.yourAnswer')} inputMode="numeric" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
        <Button type="submit">{t('games.submit')}</Button>
      </div>
    </form>
  );
}

function WordStep({ play, pending, step, t }: { play: Play; pending: readonly PendingAnswer[]; step: number; t: Translate }) {
  const [value, setValue] = useState('');
  const [bad, setBad] = useState(false);
  const word = play.word!;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const guess = value.trim().toUpperCase();
    if (!new RegExp(`^[A-Z]{${word.length}}$`).test(guess)) {
      setBad(true);
      return;
    }
    setBad(false);
    void answerGame(play.play_uuid, step, { answer: guess });
    setValue('');
  };
  const rows = [...play.answers.map((a) => ({ step: a.step, letters: a.answer, marks: a.marks })), ...pending.filter((p) => p.state === 'queued').map((p) => ({ step: p.step, letters: p.answer, marks: undefined }))]
    .sort((a, b) => a.step - b.step);
  return (
    <div className="games-section">
      <p className="games-tile__meta">{t('games.guessHint', { hint: word.hint })}</p>
      <div className="games-word" data-testid="word-rows">
        {rows.map((r) => (
          <div key={r.step} className="games-word__row">
            {[...r.letters].map((ch, i) => {
              const mark = r.marks?.[i];
              return (
                <span key={i} className={`games-word__cell ${mark ? `games-word__cell--${mark}` : 'games-word__cell--pending'}`}
                  aria-label={mark ? t(`games.mark.${mark}`, { letter: ch }) : ch} role="img">{ch}</span>
              );
            })}
          </div>
        ))}
      </div>
      {play.status === 'playing' && step < play.steps_total && (
        <form onSubmit={submit} className="games-section">
          <p className="games-tile__meta">{t('games.triesLeft', { left: play.steps_total - step })}</p>
          <div className="games-input-row">
            <input aria-label={t('games.guess')} maxLength={word.length} autoCapitalize="characters" autoComplete="off" spellCheck={false} value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
            <Button type="submit">{t('games.submit')}</Button>
          </div>
          {bad && <p className="games-note games-note--error" role="alert">{t('games.notAWord')}</p>}
        </form>
      )}
    </div>
  );
}

export default function PlayScreen() {
  const t = useT();
  const navigate = useNavigate();
  const { play: playUuid } = useSearch({ from: '/engage-play' });
  const { loaded, value } = useGames('play', playUuid);
  const secondsLeft = useSecondsLeft(value?.play.status === 'playing' ? value.play.deadline_at : null);

  const back = <Button variant="secondary" onClick={() => void navigate({ to: '/engage' })}>{t('games.back')}</Button>;
  if (!value) {
    return (
      <div className="bots-page">
        <PageHeader title={t('engage.title')} />
        <main className="bots-main">{loaded && <p className="games-note" role="status">{t('games.notFound')}</p>}{back}</main>
      </div>
    );
  }
  const { play, pending } = value;
  const step = nextStep(play, pending);
  const last = [...play.answers].sort((a, b) => b.step - a.step)[0];
  const optionLabel = (q: number) => (a: string) => play.questions?.[q]?.options[Number(a)] ?? a;
  const waiting = pending.some((p) => p.state === 'queued');

  return (
    <div className="bots-page">
      <PageHeader title={play.name} />
      <main className="bots-main" data-testid="play" data-status={play.status}>
        <p className="games-stat">
          <span data-testid="score">{t('engage.score', { score: play.score, max: play.max_score })}</span>
          {secondsLeft !== null && <span role="timer">{t('games.timeLeft', { seconds: secondsLeft })}</span>}
        </p>
        {secondsLeft === 0 && play.status === 'playing' && <p className="games-note" role="status">{t('games.timeUp')}</p>}
        <PendingNotes pending={pending} t={t} />
        {(play.type === 'quiz' || play.type === 'maths') && <Feedback result={last} t={t} label={play.type === 'quiz' ? optionLabel(last?.step ?? 0) : (a) => a} />}
        {play.status === 'playing' && step < play.steps_total && play.type === 'quiz' && <OptionsStep key={step} play={play} step={step} t={t} />}
        {play.status === 'playing' && step < play.steps_total && play.type === 'maths' && <NumberStep key={step} play={play} step={step} t={t} />}
        {play.type === 'word' && <WordStep play={play} pending={pending} step={step} t={t} />}
        {play.type === 'memory' && play.board && (
          <MemoryGrid cards={play.board.cards} columns={play.board.columns} theme={play.board.theme}
            done={play.status === 'finished'} onComplete={(moves, durationMs) => void answerGame(play.play_uuid, 0, { moves, duration_ms: durationMs })} />
        )}
        {play.status === 'finished' && (
          <section className="bots-card games-section" aria-live="polite" data-testid="play-finished">
            <h2 className="games-section__title">{t('games.finished')}</h2>
            <p>{t('games.finalScore', { score: play.score, max: play.max_score })}</p>
            {play.type === 'word' && last?.correct_answer && <p>{t('games.theWordWas', { word: last.correct_answer })}</p>}
          </section>
        )}
        {play.status === 'playing' && step >= play.steps_total && waiting && <p className="games-note" role="status">{t('games.waitingScore')}</p>}
        {back}
      </main>
    </div>
  );
}
