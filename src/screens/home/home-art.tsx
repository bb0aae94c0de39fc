// Illustrations and tab icons of the home screen, drawn inline (tiny, themable, no requests).
import type { ReactNode } from 'react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };

export const TAB_ICONS: Record<'discover' | 'chat' | 'post', ReactNode> = {
  discover: (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" {...stroke} />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" {...stroke} />
    </svg>
  ),
  chat: (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 5.5h16v10H10l-4.5 3.5V15.5H4z" {...stroke} />
      <path d="M8 9.5h8M8 12.5h5" {...stroke} />
    </svg>
  ),
  post: (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="16" rx="3" {...stroke} />
      <path d="M4 14l4.5-4 4 3.5 2.5-2 5 4.5" {...stroke} />
      <circle cx="15.5" cy="8.5" r="1.5" {...stroke} />
    </svg>
  ),
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 160 160" aria-hidden="true" focusable="false">
      <circle cx="80" cy="80" r="72" fill="#e6f2f0" />
      {children}
    </svg>
  );
}

export function DiscoverArt() {
  return (
    <Frame>
      <rect x="38" y="46" width="38" height="38" rx="10" fill="#0b6e63" />
      <rect x="84" y="46" width="38" height="38" rx="10" fill="#ffffff" stroke="#0b6e63" strokeWidth="3" />
      <rect x="38" y="92" width="38" height="38" rx="10" fill="#ffffff" stroke="#0b6e63" strokeWidth="3" />
      <rect x="84" y="92" width="38" height="38" rx="10" fill="#f5b942" />
      <circle cx="57" cy="65" r="7" fill="#ffffff" />
      <path d="M96 65h14M103 58v14" stroke="#0b6e63" strokeWidth="4" strokeLinecap="round" />
      <path d="M49 111l6 6 12-12" fill="none" stroke="#0b6e63" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M103 103l3 6 6.5.8-4.8 4.4 1.3 6.4-6-3.3-6 3.3 1.3-6.4-4.8-4.4 6.5-.8z" fill="#ffffff" />
    </Frame>
  );
}

export function ChatArt() {
  return (
    <Frame>
      <path d="M34 52a10 10 0 0 1 10-10h54a10 10 0 0 1 10 10v28a10 10 0 0 1-10 10H60l-16 13V90a10 10 0 0 1-10-10z" fill="#ffffff" stroke="#0b6e63" strokeWidth="3" />
      <circle cx="56" cy="66" r="4.5" fill="#0b6e63" />
      <circle cx="71" cy="66" r="4.5" fill="#0b6e63" />
      <circle cx="86" cy="66" r="4.5" fill="#0b6e63" />
      <path d="M126 82a9 9 0 0 0-9-9H80a9 9 0 0 0-9 9v22a9 9 0 0 0 9 9h26l14 11v-11a9 9 0 0 0 6-9z" fill="#0b6e63" />
      <path d="M84 90h28M84 99h18" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" />
    </Frame>
  );
}
