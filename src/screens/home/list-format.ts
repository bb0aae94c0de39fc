// The Chat tab's wording of a preview and of a time (react-intl does the formatting).
import type { IntlShape } from 'react-intl';
import { dayKind } from '../chat/thread-items';
import type { Preview } from './conversation-preview';

export function previewText(intl: IntlShape, preview: Preview): string {
  if (preview.kind === 'none') return '';
  const text = preview.kind === 'text' ? preview.text : intl.formatMessage({ id: `chat.preview.${preview.word}` });
  return preview.fromUser ? intl.formatMessage({ id: 'home.chat.preview.you' }, { text }) : text;
}

/** Today: the time of day; yesterday: 'Yesterday'; earlier: the short date. */
export function listTime(intl: IntlShape, timestamp: number, now: number): string {
  switch (dayKind(timestamp, now)) {
    case 'today':
      return intl.formatTime(timestamp, { hour: 'numeric', minute: '2-digit' });
    case 'yesterday':
      return intl.formatMessage({ id: 'chat.day.yesterday' });
    case 'earlier':
      return intl.formatDate(timestamp, { day: '2-digit', month: '2-digit', year: '2-digit' });
  }
}
