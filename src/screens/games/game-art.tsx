// Pictures of the games, drawn (no emoji font is needed: many phones and this test browser lack
// one): an icon per kind of game, and the eight card faces of the memory boards (the server deals
// numbers 0–7; a face is a shape in a colour, named for screen readers).
import type { ReactElement } from 'react';
import type { GameType } from '../../domain/engage-rewards';

const TYPE_COLOURS: Record<GameType | 'wheel', string> = { quiz: '#1565c0', word: '#6a1b9a', maths: '#ef6c00', memory: '#0b6e63', wheel: '#c62828' };

export function GameIcon({ type }: { type: GameType | 'wheel' }) {
  return (
    <svg className="games-icon" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={TYPE_COLOURS[type]} />
      {type === 'wheel' ? (
        <g fill="none" stroke="#fff" strokeWidth="2.5">
          <circle cx="20" cy="20" r="12" /><path d="M20 8 V32 M8 20 H32 M11.5 11.5 L28.5 28.5 M28.5 11.5 L11.5 28.5" />
        </g>
      ) : type === 'memory' ? (
        <g fill="#fff">
          <rect x="9" y="9" width="9" height="9" rx="2" /><rect x="22" y="9" width="9" height="9" rx="2" opacity="0.6" />
          <rect x="9" y="22" width="9" height="9" rx="2" opacity="0.6" /><rect x="22" y="22" width="9" height="9" rx="2" />
        </g>
      ) : (
        <text x="20" y="21" fill="#fff" fontSize={type === 'word' ? 15 : 20} fontWeight="700" textAnchor="middle" dominantBaseline="middle" fontFamily="system-ui, sans-serif">
          {type === 'quiz' ? '?' : type === 'word' ? 'Aa' : '+−'}
        </text>
      )}
    </svg>
  );
}

export type MemoryTheme = 'shapes' | 'colours';

const FACE_COLOURS = ['#c62828', '#1565c0', '#2e7d32', '#f9a825', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457'];
const SHAPES = ['circle', 'square', 'triangle', 'star', 'diamond', 'heart', 'hexagon', 'cross'] as const;

function shapePath(shape: (typeof SHAPES)[number]): ReactElement {
  switch (shape) {
    case 'circle': return <circle cx="20" cy="20" r="13" />;
    case 'square': return <rect x="8" y="8" width="24" height="24" rx="3" />;
    case 'triangle': return <path d="M20 6 L34 32 H6 Z" />;
    case 'star': return <path d="M20 5 L24 15 L35 15 L26 22 L29 33 L20 26 L11 33 L14 22 L5 15 L16 15 Z" />;
    case 'diamond': return <path d="M20 5 L34 20 L20 35 L6 20 Z" />;
    case 'heart': return <path d="M20 34 C6 24 4 15 10 10 C14 7 18 9 20 13 C22 9 26 7 30 10 C36 15 34 24 20 34 Z" />;
    case 'hexagon': return <path d="M12 7 H28 L36 20 L28 33 H12 L4 20 Z" />;
    case 'cross': return <path d="M15 5 H25 V15 H35 V25 H25 V35 H15 V25 H5 V15 H15 Z" />;
  }
}

/** The face of a card: the colours board pairs the shapes with other colours. */
export function faceParts(face: number, theme: MemoryTheme): { shape: (typeof SHAPES)[number]; colour: number } {
  const i = face % SHAPES.length;
  return theme === 'shapes' ? { shape: SHAPES[i]!, colour: i } : { shape: SHAPES[(i + 3) % SHAPES.length]!, colour: (i + 5) % FACE_COLOURS.length };
}

export function CardFace({ face, theme }: { face: number; theme: MemoryTheme }) {
  const { shape, colour } = faceParts(face, theme);
  return (
    <svg viewBox="0 0 40 40" width="60%" height="60%" aria-hidden="true" focusable="false">
      <g fill={FACE_COLOURS[colour]}>{shapePath(shape)}</g>
    </svg>
  );
}

export const FACE_SHAPES = SHAPES;
export const FACE_COLOUR_NAMES = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'teal', 'pink'] as const;
