// The one compact form of a count the screens show (subscribers on Discover, in search and on
// the bot's profile; ratings, reviews): spec part 1 §9, K for thousand and M for million whatever
// the locale's own compact words, digits in the locale's numbering, never rounded up past the count.
import type { IntlShape } from 'react-intl';

export function compactCount(intl: IntlShape, n: number): string {
  // one decimal under 10 (v is already cut to tenths), none from 10: cut, as formatNumber would round 999.9 up to 1,000
  const digits = (v: number) => (v < 10 ? intl.formatNumber(v, { maximumFractionDigits: 1 }) : intl.formatNumber(Math.floor(v)));
  if (!Number.isFinite(n) || n < 0) return intl.formatNumber(0);
  if (n < 1000) return intl.formatNumber(Math.floor(n));
  if (n < 1_000_000) return `${digits(Math.floor(n / 100) / 10)}K`;
  return `${digits(Math.floor(n / 100_000) / 10)}M`;
}
