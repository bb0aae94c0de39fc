// Plays of engage games in SQL (issue 14): start-game deals a play, submit-answer scores each step
// on the server, once (a repeated step, e.g. a queued answer sent twice, reads the first result).
// A finished play enters its player into the day's lucky draw. Plays started are the play counts
// most / least played rank by.
import { randomUUID } from 'node:crypto';
import type { AnswerResult, Play } from '../../src/api/engage-contract';
import { MATHS_SPRINT_TIME_LIMIT_MS, MEMORY_COLUMNS, MEMORY_MIN_MS_PER_MOVE, memoryMinDurationMs, QUIZ_TIME_LIMIT_MS, WORD_LENGTH, WORD_TRIES } from '../../src/domain/engage-rewards';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Db, Queryable } from '../db/db';
import { say } from '../discovery/conversation';
import { WORDS } from '../discovery/word-game';
import { HttpError, notFound, badRequest } from '../http/errors';
import { enterLuckyDraw } from '../rewards/lucky-draw';
import { gameByUuid, type Game } from './catalogue';
import {
  checkMemoryMatch, dealContent, isWordGuess, mathsPrompt, normaliseGuess, stepsAndMax, wordMarks, type MemoryMove, type PlayContent, type Rand,
} from './mechanics';

export interface PlayRow {
  play_uuid: string;
  user_uuid: string;
  game_uuid: string;
  content: PlayContent;
  score: number;
  max_score: number;
  status: 'playing' | 'finished';
  started_at: number;
  deadline_at: number | null;
  finished_at: number | null;
}

interface AnswerRow { step: number; answer: string; correct: boolean; late: boolean; marks: AnswerResult['marks'] | null }

const timeLimit = (game: Game): number | null => (game.type === 'quiz' ? QUIZ_TIME_LIMIT_MS : game.type === 'maths' ? MATHS_SPRINT_TIME_LIMIT_MS : null);

export async function startPlay(db: Db, userUuid: string, game: Game, now: number, rand: Rand): Promise<PlayRow> {
  const content = dealContent(game, rand);
  const { max } = stepsAndMax(game, content);
  const limit = timeLimit(game);
  const [row] = await db.query<PlayRow>(
    `INSERT INTO engage_plays (play_uuid, user_uuid, game_uuid, content, max_score, status, started_at, deadline_at)
     VALUES ($1, $2, $3, $4, $5, 'playing', $6, $7) RETURNING *`,
    [randomUUID(), userUuid, game.uuid, JSON.stringify(content), max, now, limit === null ? null : now + limit]);
  return row!;
}

/** The right answer of a step, as the player would have typed or picked it. */
function rightAnswer(game: Game, content: PlayContent, step: number): string | undefined {
  if (content.kind === 'quiz') {
    const q = game.quiz?.questions[step];
    return q ? String(q.answer) : undefined;
  }
  if (content.kind === 'maths') return content.problems[step] ? String(content.problems[step].result) : undefined;
  return undefined;
}

function toResult(game: Game, content: PlayContent, a: AnswerRow, finished: boolean): AnswerResult {
  const right = rightAnswer(game, content, a.step);
  return {
    step: a.step, answer: a.answer, correct: a.correct, late: a.late,
    ...(a.marks ? { marks: a.marks } : {}),
    ...(right !== undefined ? { correct_answer: right } : {}),
    ...(content.kind === 'word' && finished ? { correct_answer: WORDS[content.word]!.word } : {}),
  };
}

export async function playView(q: Queryable, row: PlayRow, language: LanguageCode): Promise<Play> {
  const game = gameByUuid(row.game_uuid)!;
  const { steps } = stepsAndMax(game, row.content);
  const answers = await q.query<AnswerRow>('SELECT step, answer, correct, late, marks FROM engage_answers WHERE play_uuid = $1 ORDER BY step', [row.play_uuid]);
  const c = row.content;
  return {
    play_uuid: row.play_uuid, engage_feature_uuid: row.game_uuid, type: game.type, name: game.name(language),
    status: row.status, score: row.score, max_score: row.max_score, steps_total: steps,
    started_at: Number(row.started_at), deadline_at: row.deadline_at === null ? null : Number(row.deadline_at), finished_at: row.finished_at === null ? null : Number(row.finished_at),
    ...(c.kind === 'quiz' ? { questions: (game.quiz?.questions ?? []).map((qq) => ({ prompt: say(qq.question, language), options: qq.options.map((o) => say(o, language)) })) } : {}),
    ...(c.kind === 'maths' ? { problems: c.problems.map((p) => ({ prompt: mathsPrompt(p) })) } : {}),
    ...(c.kind === 'word' ? { word: { length: WORD_LENGTH, tries: WORD_TRIES, hint: say(WORDS[c.word]!.hint, language) } } : {}),
    ...(c.kind === 'memory' ? { board: { columns: MEMORY_COLUMNS, cards: c.cards, min_ms_per_move: MEMORY_MIN_MS_PER_MOVE, theme: game.theme ?? 'shapes' } } : {}),
    answers: answers.map((a) => toResult(game, c, a, row.status === 'finished')),
  };
}

export interface SubmittedAnswer { step: number; answer?: string | undefined; moves?: MemoryMove[] | undefined; durationMs?: number | undefined }

/** Scores one step of the caller's play; answers the play row after it and the step's result row. */
export async function submitAnswer(db: Db, userUuid: string, playUuid: string, input: SubmittedAnswer, now: number): Promise<{ row: PlayRow; answer: AnswerRow }> {
  return db.transaction(async (tx) => {
    const [play] = await tx.query<PlayRow>('SELECT * FROM engage_plays WHERE play_uuid = $1 AND user_uuid = $2 FOR UPDATE', [playUuid, userUuid]);
    // Another user's play reads exactly like an unknown one.
    if (!play) throw notFound('No such play of yours');
    const game = gameByUuid(play.game_uuid);
    if (!game) throw notFound('This game is no longer offered');
    const [already] = await tx.query<AnswerRow>('SELECT step, answer, correct, late, marks FROM engage_answers WHERE play_uuid = $1 AND step = $2', [playUuid, input.step]);
    if (already) return { row: play, answer: already };
    if (play.status === 'finished') throw new HttpError(409, 'This play is over: start a new one');
    const { steps } = stepsAndMax(game, play.content);
    if (input.step >= steps) throw badRequest(`step must be below ${steps} for this game`);
    const late = play.deadline_at !== null && now > Number(play.deadline_at);
    const c = play.content;
    const [{ n: answered }] = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM engage_answers WHERE play_uuid = $1', [playUuid])) as [{ n: number }];
    let answerText: string;
    let correct: boolean;
    let marks: AnswerRow['marks'] = null;
    let finished = false;
    let points = 0;
    if (c.kind === 'quiz' || c.kind === 'maths') {
      if (input.answer === undefined) throw badRequest('answer is required for this game');
      answerText = input.answer;
      if (!/^-?\d{1,9}$/.test(answerText)) throw badRequest(c.kind === 'quiz' ? 'answer must be the number of an option' : 'answer must be a whole number');
      if (c.kind === 'quiz') {
        const options = game.quiz!.questions[input.step]!.options.length;
        if (Number(answerText) < 0 || Number(answerText) >= options) throw badRequest(`answer must be an option number from 0 to ${options - 1}`);
      }
      correct = answerText === rightAnswer(game, c, input.step);
      points = correct && !late ? 1 : 0;
      finished = late || answered + 1 >= steps;
    } else if (c.kind === 'word') {
      if (input.answer === undefined) throw badRequest('answer is required for this game');
      answerText = normaliseGuess(input.answer);
      if (!isWordGuess(answerText)) throw badRequest(`answer must be ${WORD_LENGTH} English letters`);
      if (input.step !== answered) throw new HttpError(409, `Guess ${answered + 1} comes next`);
      const word = WORDS[c.word]!.word;
      marks = wordMarks(word, answerText);
      correct = answerText === word;
      points = correct ? WORD_TRIES - input.step : 0;
      finished = correct || input.step + 1 >= WORD_TRIES;
    } else {
      if (!input.moves || input.durationMs === undefined) throw badRequest('moves and duration_ms are required for memory match');
      const check = checkMemoryMatch(c.cards, input.moves, input.durationMs);
      if (!check.ok) throw memoryRefusal(check.reason);
      if (now - Number(play.started_at) < memoryMinDurationMs(input.moves.length)) throw memoryRefusal('too_fast');
      answerText = `${input.moves.length} moves`;
      correct = true;
      points = play.max_score;
      finished = true;
    }
    const [answer] = await tx.query<AnswerRow>(
      `INSERT INTO engage_answers (play_uuid, step, answer, correct, late, marks, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING step, answer, correct, late, marks`,
      [playUuid, input.step, answerText, correct, late, marks === null ? null : JSON.stringify(marks), now]);
    const [row] = await tx.query<PlayRow>(
      `UPDATE engage_plays SET score = score + $2, status = $3, finished_at = $4 WHERE play_uuid = $1 RETURNING *`,
      [playUuid, points, finished ? 'finished' : 'playing', finished ? now : null]);
    if (finished) await enterLuckyDraw(tx, userUuid, now);
    return { row: row!, answer: answer! };
  });
}

export function memoryRefusal(reason: 'bad_move' | 'not_complete' | 'too_fast'): HttpError {
  if (reason === 'too_fast') return new HttpError(422, 'Completed faster than physically possible: not recorded', {}, 'too_fast');
  if (reason === 'not_complete') return new HttpError(422, 'The moves do not match every pair of the board', {}, 'not_complete');
  return new HttpError(422, 'A move turns a card that is not on the board or already matched', {}, 'bad_move');
}

export { toResult };
