// The frame every message type renders into: the bubble (side, speaker, relative time per spec
// part 1 §9, status mark with tap-to-retry on the user's messages), the bot's picture after a
// 5-minute gap, and the tools row (rating, save) on bot messages.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { retryMessage } from '../../../db/ui-surface';
import { relativeTime } from '../../../domain/chat-time';
import { Avatar } from '../../../ui/avatar';
import { MessageBubble } from '../../../ui/message-bubble';
import { StatusMark } from '../../../ui/status-mark';
import type { MessageContext } from './message-context';
import { MessageToolsRow } from './message-tools-row';

export interface MessageShellProps {
  ctx: MessageContext;
  children: ReactNode;
  actions?: ReactNode;
  tone?: 'normal' | 'notice';
}

export function useRelativeTimeText(ts: number, now: number): string {
  const intl = useIntl();
  const r = relativeTime(ts, now);
  switch (r.unit) {
    case 'now': return intl.formatMessage({ id: 'chat.time.now' });
    case 'minute': return intl.formatMessage({ id: 'chat.time.minutes' }, { n: r.value });
    case 'hour': return intl.formatMessage({ id: 'chat.time.hours' }, { n: r.value });
    case 'yesterday': return intl.formatMessage({ id: 'chat.day.yesterday' });
    default: return r.text;
  }
}

export function MessageShell({ ctx, children, actions, tone = 'normal' }: MessageShellProps) {
  const intl = useIntl();
  const { doc } = ctx;
  const time = useRelativeTimeText(doc.timestamp, ctx.now);
  const status = doc.from === 'user' ? doc.status : undefined;
  const labels = {
    pending: intl.formatMessage({ id: 'chat.status.pending' }),
    sent: intl.formatMessage({ id: 'chat.status.sent' }),
    delivered: intl.formatMessage({ id: 'chat.status.delivered' }),
    failed: intl.formatMessage({ id: 'chat.status.failed' }),
  };
  const mark = status ? <StatusMark status={status} labels={labels} onRetry={() => void retryMessage(doc.id)} /> : undefined;
  const tools = doc.from === 'bot' && doc.message.sk ? <MessageToolsRow ctx={ctx} /> : null;
  const bubble = (
    <MessageBubble
      side={doc.from}
      speaker={doc.from === 'user' ? intl.formatMessage({ id: 'chat.message.you' }) : ctx.botName}
      time={time}
      dateTime={new Date(doc.timestamp).toISOString()}
      status={status === 'failed' ? undefined : mark}
      after={status === 'failed' ? mark : tools}
      actions={actions}
      tone={tone}
    >
      {children}
    </MessageBubble>
  );
  if (doc.from !== 'bot') return bubble;
  return (
    <div className={`thread-row${ctx.showPicture ? ' thread-row--picture' : ''}`}>
      <div className="thread-row__picture">{ctx.showPicture ? <Avatar name={ctx.botName || '?'} src={ctx.botIcon} size="small" /> : null}</div>
      {bubble}
    </div>
  );
}
