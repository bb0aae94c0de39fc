// A playable memory-match board (engage memory games and the rewards' daily one): the cards come
// from the server's matrix; the moves and the time taken are recorded here and handed over once
// every pair is found (the server checks them again). Works offline: nothing here needs the network.
import { useEffect, useRef, useState } from 'react';
import type { MemoryMove } from '../../domain/engage-rewards';
import { useT } from '../shared/use-t';
import { CardFace, FACE_COLOUR_NAMES, faceParts, type MemoryTheme } from './game-art';

export interface MemoryGridProps {
  cards: readonly number[];
  columns: number;
  theme?: MemoryTheme;
  /** Every pair found: the moves made and the milliseconds since the first card was turned. */
  onComplete: (moves: MemoryMove[], durationMs: number) => void;
  /** The board was completed already (shown open, not playable). */
  done?: boolean;
}

/** How long two different cards stay open before they turn back. */
const MISMATCH_SHOW_MS = 700;

export function MemoryGrid({ cards, columns, theme = 'shapes', onComplete, done = false }: MemoryGridProps) {
  const t = useT();
  const faceName = (face: number) => {
    const { shape, colour } = faceParts(face, theme);
    return t('games.face', { colour: t(`games.colour.${FACE_COLOUR_NAMES[colour]!}`), shape: t(`games.shape.${shape}`) });
  };
  const [open, setOpen] = useState<number[]>([]);
  const [matched, setMatched] = useState<ReadonlySet<number>>(() => new Set(done ? cards.map((_, i) => i) : []));
  const moves = useRef<MemoryMove[]>([]);
  const startedAt = useRef<number | null>(null);
  const [moveCount, setMoveCount] = useState(0);
  const finished = useRef(done);

  useEffect(() => {
    if (open.length !== 2) return;
    const timer = setTimeout(() => setOpen([]), MISMATCH_SHOW_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const turn = (i: number) => {
    if (finished.current || matched.has(i) || open.includes(i)) return;
    startedAt.current ??= performance.now();
    if (open.length === 2 || open.length === 0) {
      setOpen([i]);
      return;
    }
    const first = open[0]!;
    const move: MemoryMove = [first, i];
    moves.current = [...moves.current, move];
    setMoveCount(moves.current.length);
    if (cards[first] === cards[i]) {
      const next = new Set(matched);
      next.add(first);
      next.add(i);
      setMatched(next);
      setOpen([]);
      if (next.size === cards.length) {
        finished.current = true;
        onComplete(moves.current, Math.round(performance.now() - (startedAt.current ?? performance.now())));
      }
    } else {
      setOpen([first, i]);
    }
  };

  return (
    <div className="games-section">
      <p className="games-stat" aria-live="polite">
        <span>{t('games.moves', { moves: moveCount })}</span>
        <span>{t('games.pairsFound', { found: matched.size / 2, total: cards.length / 2 })}</span>
      </p>
      <div className="memory-grid" role="group" aria-label={t('games.board')} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} data-testid="memory-grid">
        {cards.map((face, i) => {
          const shown = open.includes(i) || matched.has(i);
          return (
            <button key={i} type="button" className="memory-card" data-open={shown} data-matched={matched.has(i)} data-testid="memory-card" data-face={shown ? face : undefined}
              aria-label={shown ? t('games.cardFace', { n: i + 1, face: faceName(face) }) : t('games.card', { n: i + 1 })}
              aria-disabled={matched.has(i) || undefined} onClick={() => turn(i)}>
              {shown ? <CardFace face={face} theme={theme} /> : <span aria-hidden="true">?</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
