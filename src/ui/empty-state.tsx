import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  /** Decorative illustration (an inline SVG or an <img alt="">). */
  illustration?: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
  /** Heading level of the title inside the page outline. */
  level?: 2 | 3;
}

export function EmptyState({ illustration, title, body, action, level = 2 }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state">
      {illustration && <div className="empty-state__art" aria-hidden="true">{illustration}</div>}
      <Heading className="empty-state__title">{title}</Heading>
      {body && <p className="empty-state__body">{body}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
