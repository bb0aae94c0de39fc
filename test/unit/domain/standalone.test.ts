// The standalone bot id rule of spec part 1 §5: path, host name (CNAME lookup), query botId, stored
// selected bot, else the default; every candidate must be 16 digits.
import { describe, expect, it, test } from 'vitest';
import { STANDALONE_DEFAULT_BOT_ID } from '../../../src/domain/constants';
import { fullAppWay, resolveStandaloneBot } from '../../../src/domain/standalone';

const A = '1000000000000002';
const B = '1000000000000003';
const C = '1000000000000004';
const D = '1000000000000005';
const none = { pathname: '/', search: '', hostBot: null, storedBot: null };

describe('resolveStandaloneBot', () => {
  test('takes the path first, then the host name, the query, the stored bot, else the default', () => {
    expect(resolveStandaloneBot({ pathname: `/chat/${A}`, search: `?botId=${C}`, hostBot: B, storedBot: D })).toEqual({ botId: A, source: 'path' });
    expect(resolveStandaloneBot({ pathname: `/bot/${A}/`, search: '', hostBot: null, storedBot: null })).toEqual({ botId: A, source: 'path' });
    expect(resolveStandaloneBot({ pathname: '/', search: `?botId=${C}`, hostBot: B, storedBot: D })).toEqual({ botId: B, source: 'host' });
    expect(resolveStandaloneBot({ pathname: '/', search: `?lang=te&botId=${C}`, hostBot: null, storedBot: D })).toEqual({ botId: C, source: 'query' });
    expect(resolveStandaloneBot({ ...none, storedBot: D })).toEqual({ botId: D, source: 'stored' });
    expect(resolveStandaloneBot(none)).toEqual({ botId: STANDALONE_DEFAULT_BOT_ID, source: 'default' });
  });

  test('an id that is not exactly 16 digits is skipped, wherever it comes from', () => {
    for (const bad of ['123', '10000000000000011', '100000000000000a', '', ' 1000000000000002']) {
      expect(resolveStandaloneBot({ pathname: `/chat/${bad}`, search: `?botId=${encodeURIComponent(bad)}`, hostBot: bad, storedBot: D })).toEqual({ botId: D, source: 'stored' });
    }
    expect(resolveStandaloneBot({ ...none, pathname: `/chat/${A}/extra` })).toEqual({ botId: STANDALONE_DEFAULT_BOT_ID, source: 'default' });
  });
});

describe('fullAppWay: "Open the full app" (FULL_APP_URL; a host mapped to one bot)', () => {
  const here = 'https://chat.greenvalley.example';
  it('a mapped host with a full app configured on another origin: go there', () => {
    expect(fullAppWay({ fullAppUrl: 'https://app.example.org/', origin: here, mappedHost: true })).toEqual({ kind: 'external', url: 'https://app.example.org/' });
    expect(fullAppWay({ fullAppUrl: 'https://app.example.org/start', origin: here, mappedHost: true })).toEqual({ kind: 'external', url: 'https://app.example.org/start' });
  });
  it('a mapped host with none configured (or one naming this very origin): no button, since "/" here is the bot again', () => {
    expect(fullAppWay({ fullAppUrl: '', origin: here, mappedHost: true })).toEqual({ kind: 'hidden' });
    expect(fullAppWay({ fullAppUrl: `${here}/`, origin: here, mappedHost: true })).toEqual({ kind: 'hidden' });
  });
  it('the app\'s own address (not mapped) is the full app: leave standalone mode here, configured or not', () => {
    expect(fullAppWay({ fullAppUrl: '', origin: here, mappedHost: false })).toEqual({ kind: 'leave' });
    expect(fullAppWay({ fullAppUrl: 'https://app.example.org/', origin: here, mappedHost: false })).toEqual({ kind: 'leave' });
  });
  it('an address that is not http(s) is never followed', () => {
    expect(fullAppWay({ fullAppUrl: 'javascript:alert(1)', origin: here, mappedHost: true })).toEqual({ kind: 'hidden' });
    expect(fullAppWay({ fullAppUrl: 'not a url', origin: here, mappedHost: true })).toEqual({ kind: 'hidden' });
  });
});
