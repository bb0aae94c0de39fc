// The signed-in embed's hand-over on the app's side (src/screens/standalone/embed-token.ts): the
// frame asks its parent, at the parent's origin only, and takes a token only from that window and
// that origin; anything else is ignored and the question times out to null.
import { describe, expect, it } from 'vitest';
import { embedAuthWanted, parentOrigin, requestEmbedAccessToken } from '../../../src/screens/standalone/embed-token';

const SITE = 'https://greenvalley.example';
const TOKEN = 'a'.repeat(32);

function fakeFrame(opts: { ancestor?: string; referrer?: string } = {}) {
  const posted: Array<{ data: unknown; target: string }> = [];
  const listeners = new Set<(e: MessageEvent) => void>();
  const parent = { postMessage: (data: unknown, target: string) => posted.push({ data, target }) };
  const win = {
    parent,
    location: { ancestorOrigins: opts.ancestor ? [opts.ancestor] : [] },
    document: { referrer: opts.referrer ?? '' },
    addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.delete(fn),
  };
  const deliver = (event: { source: unknown; origin: string; data: unknown }) => {
    for (const fn of [...listeners]) fn(event as unknown as MessageEvent);
  };
  return { win: win as unknown as Window, parent, posted, deliver, listeners };
}

describe('embed token hand-over (the frame\'s side)', () => {
  it('is wanted only in a frame whose address says auth=1', () => {
    expect(embedAuthWanted('?auth=1', true)).toBe(true);
    expect(embedAuthWanted('?auth=1', false)).toBe(false);
    expect(embedAuthWanted('', true)).toBe(false);
  });

  it('knows the parent\'s origin from ancestorOrigins, else the referrer', () => {
    expect(parentOrigin({ ancestorOrigins: [SITE] } as unknown as Location, '')).toBe(SITE);
    expect(parentOrigin(undefined, `${SITE}/page?x=1`)).toBe(SITE);
    expect(parentOrigin(undefined, '')).toBeNull();
  });

  it('asks the parent at its origin only (never "*") and takes the token from that window and origin', async () => {
    const f = fakeFrame({ ancestor: SITE });
    const answer = requestEmbedAccessToken(5_000, f.win);
    expect(f.posted).toEqual([{ data: { type: 'embed.ready' }, target: SITE }]);
    // another window, or the parent window from another origin: ignored
    f.deliver({ source: {}, origin: SITE, data: { type: 'embed.auth', accessToken: 'b'.repeat(32) } });
    f.deliver({ source: f.parent, origin: 'https://evil.example', data: { type: 'embed.auth', accessToken: 'c'.repeat(32) } });
    f.deliver({ source: f.parent, origin: SITE, data: { type: 'something.else' } });
    f.deliver({ source: f.parent, origin: SITE, data: { type: 'embed.auth', accessToken: TOKEN } });
    expect(await answer).toBe(TOKEN);
    expect(f.listeners.size).toBe(0);
  });

  it('a malformed token is refused; no answer times out to null', async () => {
    const f = fakeFrame({ referrer: `${SITE}/` });
    const bad = requestEmbedAccessToken(5_000, f.win);
    f.deliver({ source: f.parent, origin: SITE, data: { type: 'embed.auth', accessToken: 'not-a-token' } });
    expect(await bad).toBeNull();
    const silent = fakeFrame({ ancestor: SITE });
    expect(await requestEmbedAccessToken(20, silent.win)).toBeNull();
    expect(silent.listeners.size).toBe(0);
  });

  it('outside a frame, or with no knowable parent origin, asks nothing', async () => {
    const top = fakeFrame({ ancestor: SITE });
    (top.win as unknown as { parent: unknown }).parent = top.win;
    expect(await requestEmbedAccessToken(20, top.win)).toBeNull();
    const unknown = fakeFrame();
    expect(await requestEmbedAccessToken(20, unknown.win)).toBeNull();
    expect(unknown.posted).toEqual([]);
  });
});
