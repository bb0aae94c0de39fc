// The analytics rules (spec: screen names from the last path segment, login only without a stored
// mobile; no phone number in an event) and the app-route rule of short links.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_SCREENS, botGaEvent, looksLikePhone, screenNameFor, scrubParams } from '../../../src/domain/analytics';
import { isAppRouteLink } from '../../../src/domain/app-routes';

describe('screen names', () => {
  it('are the last path segment of the spec\'s screens; login only while no mobile is stored', () => {
    for (const s of ANALYTICS_SCREENS) expect(screenNameFor(`/${s}`, true)).toBe(s);
    expect(screenNameFor('/otp-verification?x=1', false)).toBe('otp-verification');
    expect(screenNameFor('/', false)).toBe('login');
    expect(screenNameFor('/', true)).toBeNull();
    expect(screenNameFor('/home', true)).toBeNull();
    expect(screenNameFor('/chat/1000000000000001', true)).toBeNull();
  });
});

describe('no phone number leaves the device', () => {
  it('finds 8 to 13 digit runs, written with spaces or dashes too, but not 16-digit bot ids', () => {
    for (const v of ['+919876543210', '98765 43210', '9876-543-210', 'call 81234567', 919876543210]) expect(looksLikePhone(v), String(v)).toBe(true);
    for (const v of ['1000000000000001', '1234567', 'settings', 42, true]) expect(looksLikePhone(v), String(v)).toBe(false);
  });
  it('scrubs parameters: phone-like values and bad names dropped, long strings cut', () => {
    expect(scrubParams({ screen: 'feed', mobile: '+919876543210', 'bad key': 1, nested: { a: 1 }, long: 'x'.repeat(150) }))
      .toEqual({ screen: 'feed', long: 'x'.repeat(100) });
  });
  it('turns a bot\'s gaEvent into an app event', () => {
    expect(botGaEvent({ category: 'chat', action: 'message_sent', label: 'x', value: 1 })).toEqual({ name: 'message_sent', params: { category: 'chat', label: 'x', value: 1 } });
    expect(botGaEvent({ category: 'chat', action: '9 lives!', label: 'x', value: 1 }).name).toBe('bot_event');
  });
});

describe('short link targets', () => {
  it('are app routes only', () => {
    for (const u of ['/rewards', '/chat/1000000000000001', '/feed?post=0190f0a0-0000-7000-8000-000000000001', '/']) expect(isAppRouteLink(u), u).toBe(true);
    for (const u of ['https://x.example', '//x.example', '/api/x', 'rewards', '/rewards#a', '/chat/12', '/rewards?a=<b>', '\\\\x']) expect(isAppRouteLink(u), u).toBe(false);
  });
});
