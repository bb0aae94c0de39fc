// How each kind of game is dealt and scored (issue 14: "scores are decided or verified by the
// server"). Pure: randomness comes in as `rand` (uniform in [0, 1)), so tests can fix it. A play's
// content keeps what the player must not see (right answers, the word) on the server.
import {
  checkMemoryMatch, MATHS_SPRINT_PROBLEMS, MEMORY_PAIRS, WORD_LENGTH, WORD_TRIES, type MemoryMove,
} from '../../src/domain/engage-rewards';
import { WORDS } from '../discovery/word-game';
import type { Game, MathsLevel } from './catalogue';

export type Rand = () => number;
const int = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

export interface MathsProblem { a: number; op: '+' | '−' | '×' | '÷'; b: number; result: number }

export type PlayContent =
  | { kind: 'quiz' }
  | { kind: 'maths'; problems: MathsProblem[] }
  | { kind: 'word'; word: number }
  | { kind: 'memory'; cards: number[] };

export function mathsProblem(level: MathsLevel, rand: Rand): MathsProblem {
  const pick = rand();
  if (level === 'easy') {
    const a = int(rand, 1, 20), b = int(rand, 1, 20);
    return pick < 0.5 ? { a, op: '+', b, result: a + b } : { a: Math.max(a, b), op: '−', b: Math.min(a, b), result: Math.max(a, b) - Math.min(a, b) };
  }
  if (level === 'squares') { const a = int(rand, 2, 20); return { a, op: '×', b: a, result: a * a }; }
  if (level === 'tables') { const a = int(rand, 2, 10), b = int(rand, 2, 10); return { a, op: '×', b, result: a * b }; }
  if (level === 'addition') { const a = int(rand, 10, 99), b = int(rand, 10, 99); return { a, op: '+', b, result: a + b }; }
  if (level === 'subtraction') { const a = int(rand, 20, 199), b = int(rand, 1, a); return { a, op: '−', b, result: a - b }; }
  if (level === 'division') { const b = int(rand, 2, 12), result = int(rand, 2, 12); return { a: b * result, op: '÷', b, result }; }
  if (level === 'medium') {
    if (pick < 0.35) { const a = int(rand, 10, 99), b = int(rand, 10, 99); return { a, op: '+', b, result: a + b }; }
    if (pick < 0.7) { const a = int(rand, 20, 99), b = int(rand, 1, a); return { a, op: '−', b, result: a - b }; }
    const a = int(rand, 2, 12), b = int(rand, 2, 12);
    return { a, op: '×', b, result: a * b };
  }
  if (pick < 0.35) { const a = int(rand, 11, 25), b = int(rand, 3, 19); return { a, op: '×', b, result: a * b }; }
  if (pick < 0.7) { const b = int(rand, 3, 15), result = int(rand, 4, 25); return { a: b * result, op: '÷', b, result }; }
  const a = int(rand, 100, 999), b = int(rand, 100, 999);
  return { a, op: '+', b, result: a + b };
}

/** A shuffled board: each of MEMORY_PAIRS faces twice (Fisher–Yates). */
export function dealMemoryBoard(rand: Rand): number[] {
  const cards = Array.from({ length: MEMORY_PAIRS * 2 }, (_, i) => i % MEMORY_PAIRS);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

export function dealContent(game: Game, rand: Rand): PlayContent {
  switch (game.type) {
    case 'quiz': return { kind: 'quiz' };
    case 'maths': return { kind: 'maths', problems: Array.from({ length: MATHS_SPRINT_PROBLEMS }, () => mathsProblem(game.maths ?? 'easy', rand)) };
    case 'word': return { kind: 'word', word: int(rand, 0, WORDS.length - 1) };
    case 'memory': return { kind: 'memory', cards: dealMemoryBoard(rand) };
  }
}

/** Steps a play has (questions, problems, tries, one completion) and its best score. */
export function stepsAndMax(game: Game, content: PlayContent): { steps: number; max: number } {
  switch (content.kind) {
    case 'quiz': return { steps: game.quiz?.questions.length ?? 0, max: game.quiz?.questions.length ?? 0 };
    case 'maths': return { steps: content.problems.length, max: content.problems.length };
    case 'word': return { steps: WORD_TRIES, max: WORD_TRIES };
    case 'memory': return { steps: 1, max: MEMORY_PAIRS };
  }
}

export type Mark = 'right' | 'present' | 'absent';

/** Word-game marks, the usual way: right places first, then each remaining letter at most as often as the word has it. */
export function wordMarks(word: string, guess: string): Mark[] {
  const marks: Mark[] = Array.from({ length: guess.length }, () => 'absent');
  const left = new Map<string, number>();
  for (let i = 0; i < word.length; i++) {
    if (guess[i] === word[i]) marks[i] = 'right';
    else left.set(word[i]!, (left.get(word[i]!) ?? 0) + 1);
  }
  for (let i = 0; i < guess.length; i++) {
    if (marks[i] === 'right') continue;
    const n = left.get(guess[i]!) ?? 0;
    if (n > 0) {
      marks[i] = 'present';
      left.set(guess[i]!, n - 1);
    }
  }
  return marks;
}

export const normaliseGuess = (answer: string) => answer.trim().toUpperCase();
export const isWordGuess = (guess: string) => new RegExp(`^[A-Z]{${WORD_LENGTH}}$`).test(guess);

export const mathsPrompt = (p: MathsProblem) => `${p.a} ${p.op} ${p.b} = ?`;

export { checkMemoryMatch, type MemoryMove };
