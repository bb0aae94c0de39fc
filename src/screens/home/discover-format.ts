// Wording shared by the Discover tab and its search: a category's name in the user's language
// (the server's English name when the app has no translation for its id), the subscriber line,
// and where an in-app link leads.
import type { IntlShape } from 'react-intl';
import { compactCount } from '../shared/compact-count';

export function categoryName(intl: IntlShape, id: string, fallback?: string): string {
  const key = `home.discover.category.${id}`;
  return Object.hasOwn(intl.messages, key) ? intl.formatMessage({ id: key }) : (fallback ?? id);
}

/** The category and subscribers line; a bot without a category (the suggested ones) or an unknown count (< 0) leaves that part out. */
export function botMeta(intl: IntlShape, category: string, subscribers: number, fallback?: string): string {
  const parts = [
    ...(category === '' ? [] : [categoryName(intl, category, fallback)]),
    ...(subscribers < 0 ? [] : [intl.formatMessage({ id: 'home.discover.subscribers' }, { count: compactCount(intl, subscribers) })]),
  ];
  return parts.join(' · ');
}

/** A banner's deep link: a bot's chat, or another path of the app. */
export function deeplinkTarget(link: string): { kind: 'chat'; botUuid: string } | { kind: 'path'; path: string } | null {
  const chat = /^\/chat\/(\d{16})$/.exec(link);
  if (chat) return { kind: 'chat', botUuid: chat[1]! };
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'path', path: link };
  return null;
}
