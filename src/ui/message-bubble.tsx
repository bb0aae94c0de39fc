import type { ReactNode } from 'react';
import './message-bubble.css';

export interface MessageBubbleProps {
  side: 'user' | 'bot';
  /** Visually hidden speaker ('You', the bot's name), so a screen reader knows who said it. */
  speaker: string;
  /** Time of day, already formatted. */
  time: string;
  dateTime?: string;
  /** The status mark of a user message. */
  status?: ReactNode;
  /** Shown under the bubble (a failed message's retry button). */
  after?: ReactNode;
  /** Extra controls below the text, e.g. the options of a button message. */
  actions?: ReactNode;
  /** A quieter look for notices such as 'message type not supported'. */
  tone?: 'normal' | 'notice';
  children: ReactNode;
}

/** One message: the bot's on the left, the user's on the right, with its time and status. */
export function MessageBubble({ side, speaker, time, dateTime, status, after, actions, tone = 'normal', children }: MessageBubbleProps) {
  return (
    <div className={`message-bubble message-bubble--${side}${tone === 'notice' ? ' message-bubble--notice' : ''}`}>
      <div className="message-bubble__box">
        <span className="visually-hidden">{speaker}: </span>
        <div className="message-bubble__text">{children}</div>
        <div className="message-bubble__meta">
          <time dateTime={dateTime}>{time}</time>
          {status}
        </div>
      </div>
      {actions && <div className="message-bubble__actions">{actions}</div>}
      {after && <div className="message-bubble__after">{after}</div>}
    </div>
  );
}
