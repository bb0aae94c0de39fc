// The link kept across sign-in (/loading, short links): only app routes are kept or opened, once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepEntryLink, linkTarget, rememberLink, routerTarget, takePendingLink } from '../../../src/app/pending-link';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.defineProperty(globalThis, 'sessionStorage', {
    configurable: true,
    value: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'sessionStorage');
});

describe('pending link', () => {
  it('a /loading target is an app route; anything else, and /loading itself, is the home screen', () => {
    expect(linkTarget('/bot-faq?bot=1000000000000004')).toBe('/bot-faq?bot=1000000000000004');
    expect(linkTarget('/chat/1000000000000001')).toBe('/chat/1000000000000001');
    for (const bad of ['https://evil.example/', '//evil.example', '/api/user/get-profile', '/loading?to=/home', '/loading', 42, undefined]) {
      expect(linkTarget(bad), String(bad)).toBe('/home');
    }
  });

  it('is kept until read, then opens once', () => {
    rememberLink('/rewards');
    expect(takePendingLink()).toBe('/rewards');
    expect(takePendingLink()).toBeNull();
  });

  it('keeps nothing that leaves the app, and drops a stored value that does', () => {
    rememberLink('https://evil.example/');
    expect(takePendingLink()).toBeNull();
    store.set('pending-link', '//evil.example');
    expect(takePendingLink()).toBeNull();
    expect(store.size).toBe(0);
  });

  it('with no storage (a private mode refusing it), nothing is kept and nothing throws', () => {
    Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, get: () => { throw new Error('denied'); } });
    expect(() => rememberLink('/rewards')).not.toThrow();
    expect(takePendingLink()).toBeNull();
  });

  it('keeps the address the app was opened at when it is a screen behind sign-in, not a sign-in screen', () => {
    keepEntryLink('/chat/1000000000000004', '');
    expect(takePendingLink()).toBe('/chat/1000000000000004');
    keepEntryLink('/bot-info', '?bot=1000000000000004');
    expect(takePendingLink()).toBe('/bot-info?bot=1000000000000004');
    for (const path of ['/', '/otp-verification', '/onboarding', '/loading']) {
      keepEntryLink(path, '');
      expect(takePendingLink(), path).toBeNull();
    }
    keepEntryLink('/api/user/get-profile', '');
    expect(takePendingLink()).toBeNull();
  });

  it('gives the router the path and the query as plain strings', () => {
    expect(routerTarget('/bot-faq?bot=1000000000000004&from=share')).toEqual({ to: '/bot-faq', search: { bot: '1000000000000004', from: 'share' } });
    expect(routerTarget('/rewards')).toEqual({ to: '/rewards', search: {} });
  });
});
