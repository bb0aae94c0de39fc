// What one stored message shows inside its bubble, by type (spec part 1 §3 message types):
// text, button (with its options), button_response (the chosen option), else the catalogue's
// 'not supported' notice. Texts are React text nodes only: no HTML from a message is injected.
import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { retryMessage, sendButtonChoice, type MessageDoc } from '../../db/ui-surface';
import { MSG } from '../../domain/errors';
import { MessageBubble } from '../../ui/message-bubble';
import { OptionButtons } from '../../ui/option-buttons';
import { StatusMark } from '../../ui/status-mark';
import { boldRuns, chosenOptionLabel } from './thread-items';
import { MediaMessage } from './media-message';

export interface ThreadMessageProps {
  doc: MessageDoc;
  /** The thread's messages (oldest first) and this one's place there. */
  docs: readonly MessageDoc[];
  index: number;
  isLast: boolean;
  botUuid: string;
  botName: string;
}

export function ThreadMessage({ doc, docs, index, isLast, botUuid, botName }: ThreadMessageProps) {
  const intl = useIntl();
  const m = doc.message;
  let body: ReactNode;
  let actions: ReactNode = null;
  let tone: 'normal' | 'notice' = 'normal';
  switch (doc.type) {
    case 'text':
      body = m.text?.body ?? '';
      break;
    case 'button':
      body = m.text?.body ?? '';
      actions = (
        <OptionButtons
          label={intl.formatMessage({ id: 'chat.options.label' })}
          options={(m.buttons ?? []).map((b) => ({ key: b.button_index, label: b.body }))}
          disabled={!isLast}
          onChoose={(key) => void sendButtonChoice(botUuid, Number(key))}
        />
      );
      break;
    case 'button_response':
      body = chosenOptionLabel(docs, index) ?? intl.formatMessage({ id: 'chat.buttonResponse.option' }, { n: (m.button_index ?? 0) + 1 });
      break;
    case 'image': case 'audio': case 'video': case 'video_stream': case 'document': case 'media_list': case 'youtube': case 'article':
      body = <MediaMessage doc={doc} />;
      break;
    default:
      tone = 'notice';
      body = boldRuns(intl.formatMessage({ id: MSG.unsupportedMessageType })).map((run, i) =>
        run.bold ? <strong key={i}>{run.text}</strong> : <Fragment key={i}>{run.text}</Fragment>,
      );
  }

  const status = doc.from === 'user' ? doc.status : undefined;
  const labels = {
    pending: intl.formatMessage({ id: 'chat.status.pending' }),
    sent: intl.formatMessage({ id: 'chat.status.sent' }),
    delivered: intl.formatMessage({ id: 'chat.status.delivered' }),
    failed: intl.formatMessage({ id: 'chat.status.failed' }),
  };
  const mark = status ? <StatusMark status={status} labels={labels} onRetry={() => void retryMessage(doc.id)} /> : undefined;
  return (
    <MessageBubble
      side={doc.from}
      speaker={doc.from === 'user' ? intl.formatMessage({ id: 'chat.message.you' }) : botName}
      time={intl.formatTime(doc.timestamp, { hour: 'numeric', minute: '2-digit' })}
      dateTime={new Date(doc.timestamp).toISOString()}
      status={status === 'failed' ? undefined : mark}
      after={status === 'failed' ? mark : undefined}
      actions={actions}
      tone={tone}
    >
      {body}
    </MessageBubble>
  );
}
