// The link kept across sign-in (/loading, short links): only app routes are kept or opened, once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepEntryLink, landedAt, linkTarget, pendingLink, rememberLink, routerTarget } from '../../../src/app/pending-link';

/** Reads the link as the guard does, then lands past sign-in as the router would. */
function takePendingLink(): string | null {
  const link = pendingLink();
  landedAt('/home');
  return link;
}

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

  it('is kept until the app lands past sign-in, then opens once', () => {
    rememberLink('/rewards');
    expect(pendingLink()).toBe('/rewards');
    // the guard run again while its redirect is under way finds the same link
    expect(pendingLink()).toBe('/rewards');
    // the sign-in screens do not use it up
    for (const screen of ['/', '/otp-verification', '/onboarding', '/loading']) landedAt(screen);
    expect(pendingLink()).toBe('/rewards');
    landedAt('/rewards');
    expect(pendingLink()).toBeNull();
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
