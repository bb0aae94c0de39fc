import { describe, expect, it } from 'vitest';
import { isExpired } from '../../../src/domain/read-only-input';
import { actionHref } from '../../../src/ui/messages/action-buttons';

describe('button ttl (spec part 1 §3: a button message may carry a ttl in seconds)', () => {
  const ts = 1_000_000;
  it('answerable until timestamp + ttl, not after', () => {
    expect(isExpired({ ttl: 60 }, ts, ts + 59_999)).toBe(false);
    expect(isExpired({ ttl: 60 }, ts, ts + 60_000)).toBe(true);
  });
  it('no ttl (or a non-positive one) never expires', () => {
    expect(isExpired({}, ts, ts + 1e12)).toBe(false);
    expect(isExpired({ ttl: 0 }, ts, ts + 1e12)).toBe(false);
  });
});

describe('action links (website https only, email mailto:, phone_number tel:)', () => {
  it.each([
    [{ type: 'website', value: 'https://example.org/a?b=1' }, 'https://example.org/a?b=1'],
    [{ type: 'website', value: 'http://example.org' }, null],
    [{ type: 'website', value: 'javascript:alert(1)' }, null],
    [{ type: 'website', value: ' JAVASCRIPT:alert(1)' }, null],
    [{ type: 'website', value: 'data:text/html,<b>' }, null],
    [{ type: 'website', value: 'not a url' }, null],
    [{ type: 'email', value: 'help@example.org' }, 'mailto:help@example.org'],
    [{ type: 'email', value: 'help@example.org?subject=x' }, null],
    [{ type: 'email', value: 'javascript:a@b' }, null],
    [{ type: 'phone_number', value: '+91 98765 43210' }, 'tel:+919876543210'],
    [{ type: 'phone_number', value: '12;javascript' }, null],
    [{ type: 'view_cart' }, null],
  ] as const)('%j → %s', (action, href) => {
    expect(actionHref(action)).toBe(href);
  });
});
