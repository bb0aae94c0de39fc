// Wording shared by the Discover tab and its search: a category's name in the user's language
// (the server's English name when the app has no translation for its id), the subscriber line,
// and where an in-app link leads.
import type { IntlShape } from 'react-intl';

export function categoryName(intl: IntlShape, id: string, fallback?: string): string {
  const key = `home.discover.category.${id}`;
  return Object.hasOwn(intl.messages, key) ? intl.formatMessage({ id: key }) : (fallback ?? id);
}

/** Spec part 1 §9: compact numbers use K for thousand (and M for million), whatever the locale's own compact words. */
export function compactCount(intl: IntlShape, n: number): string {
  const digits = (v: number) => intl.formatNumber(v, { maximumFractionDigits: v < 10 ? 1 : 0 });
  if (n < 1000) return intl.formatNumber(n);
  if (n < 1_000_000) return `${digits(Math.floor(n / 100) / 10)}K`;
  return `${digits(Math.floor(n / 100_000) / 10)}M`;
}

export function botMeta(intl: IntlShape, category: string, subscribers: number, fallback?: string): string {
  const count = compactCount(intl, subscribers);
  return `${categoryName(intl, category, fallback)} · ${intl.formatMessage({ id: 'home.discover.subscribers' }, { count })}`;
}

/** A banner's deep link: a bot's chat, or another path of the app. */
export function deeplinkTarget(link: string): { kind: 'chat'; botUuid: string } | { kind: 'path'; path: string } | null {
  const chat = /^\/chat\/(\d{16})$/.exec(link);
  if (chat) return { kind: 'chat', botUuid: chat[1]! };
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'path', path: link };
  return null;
}
