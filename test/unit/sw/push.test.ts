// sw/push.ts with a stand-in service worker scope: what a push shows (spec part 1 §9 text,
// vibration, require interaction, one per bot), what it skips (muted or hidden per the page's
// copy), and where a click goes.
import { describe, expect, it } from 'vitest';
import { NOTIFY_STATE_CACHE, NOTIFY_STATE_URL, type NotifyState } from '../../../src/domain/notification-rules';
import { chatPathOf, handlePush, openChat, registerPushHandlers } from '../../../sw/push';

const ORIGIN = 'https://app.test';
const NOW = 1_700_000_000_000;

interface Shown { title: string; options: NotificationOptions & { vibrate?: number[] } }
interface FakeWindow { url: string; focused: boolean; focusedCalls: number; navigatedTo: string | null }

function fakeScope(state: NotifyState | null, windows: FakeWindow[] = []) {
  const shown: Shown[] = [];
  const opened: string[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  const store = new Map<string, Response>();
  if (state) store.set(NOTIFY_STATE_URL, Response.json(state));
  const client = (w: FakeWindow) => ({
    get url() { return w.url; },
    get focused() { return w.focused; },
    async focus() { w.focused = true; w.focusedCalls += 1; return client(w); },
    async navigate(url: string) { w.navigatedTo = url; w.url = url; return client(w); },
  });
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    caches: {
      async open(name: string) {
        if (name !== NOTIFY_STATE_CACHE) throw new Error(`unexpected cache ${name}`);
        return { match: async (url: string) => store.get(url)?.clone() };
      },
    },
    registration: { showNotification: async (title: string, options: Shown['options']) => { shown.push({ title, options }); } },
    clients: {
      matchAll: async () => windows.map(client),
      openWindow: async (url: string) => { opened.push(url); return null; },
    },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
  };
  // the fields sw/push.ts uses, of a ServiceWorkerGlobalScope
  const sw = scope as unknown as ServiceWorkerGlobalScope;
  return { sw, shown, opened, listeners };
}

const payload = (over: Partial<{ bot_uuid: string; name: string; icon: string; body: string }> = {}) => ({
  bot_uuid: '1000000000000001', name: 'Echo', icon: '/bots/echo.svg', body: 'hello', ...over,
});

describe('push', () => {
  it('shows the notification: bot name, body, icon, vibration, require interaction, tag per bot', async () => {
    const { sw, shown } = fakeScope(null);
    expect(await handlePush(sw, payload(), NOW)).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('Echo');
    expect(shown[0]!.options).toMatchObject({
      body: 'hello', icon: '/bots/echo.svg', requireInteraction: true, tag: 'bot-1000000000000001', data: { bot_uuid: '1000000000000001' },
    });
    expect(shown[0]!.options.vibrate?.length).toBeGreaterThan(0);
  });

  it("applies the text rules to the pushed body: 200 characters then '...', empty is 'sent you a message!'", async () => {
    const { sw, shown, listeners } = fakeScope(null);
    registerPushHandlers(sw);
    const waits: Promise<unknown>[] = [];
    const push = (data: unknown) => listeners.get('push')!({ data: { json: () => data }, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    push(payload({ body: 'y'.repeat(300) }));
    push(payload({ body: '', bot_uuid: '1000000000000002' }));
    push('not a payload');
    listeners.get('push')!({ data: null, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(shown.map((s) => s.options.body)).toEqual([`${'y'.repeat(200)}...`, 'sent you a message!']);
  });

  it('shows none for a conversation muted (for a while or forever) or hidden in the page’s last copy', async () => {
    const state: NotifyState = {
      mutes: {
        '1000000000000001': { mute_time: NOW - 1000, mute_duration: 60_000 },
        '1000000000000002': { mute_time: NOW - 1000, mute_duration: -1 },
        '1000000000000004': { mute_time: NOW - 120_000, mute_duration: 60_000 },
      },
      hidden: ['1000000000000003'],
      at: NOW,
    };
    const { sw, shown } = fakeScope(state);
    expect(await handlePush(sw, payload({ bot_uuid: '1000000000000001' }), NOW)).toBe(false);
    expect(await handlePush(sw, payload({ bot_uuid: '1000000000000002' }), NOW)).toBe(false);
    expect(await handlePush(sw, payload({ bot_uuid: '1000000000000003' }), NOW)).toBe(false);
    expect(shown).toHaveLength(0);
    // a mute that has ended does not hold
    expect(await handlePush(sw, payload({ bot_uuid: '1000000000000004' }), NOW)).toBe(true);
    expect(shown).toHaveLength(1);
  });
});

describe('notificationclick', () => {
  it('focuses an open window and takes it to the bot’s chat', async () => {
    const win: FakeWindow = { url: `${ORIGIN}/home`, focused: false, focusedCalls: 0, navigatedTo: null };
    const { sw, opened } = fakeScope(null, [win]);
    await openChat(sw, '1000000000000001');
    expect(win.focusedCalls).toBe(1);
    expect(win.navigatedTo).toBe(`${ORIGIN}${chatPathOf('1000000000000001')}`);
    expect(opened).toEqual([]);
  });

  it('does not navigate a window already on that chat', async () => {
    const win: FakeWindow = { url: `${ORIGIN}/chat/1000000000000001`, focused: true, focusedCalls: 0, navigatedTo: null };
    const { sw } = fakeScope(null, [win]);
    await openChat(sw, '1000000000000001');
    expect(win.focusedCalls).toBe(1);
    expect(win.navigatedTo).toBeNull();
  });

  it('opens a window on the chat when none is open, closing the notification', async () => {
    const { sw, opened, listeners } = fakeScope(null, [{ url: 'https://other.test/', focused: true, focusedCalls: 0, navigatedTo: null }]);
    registerPushHandlers(sw);
    let closed = false;
    const waits: Promise<unknown>[] = [];
    listeners.get('notificationclick')!({ notification: { data: { bot_uuid: '1000000000000002' }, close: () => { closed = true; } }, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(closed).toBe(true);
    expect(opened).toEqual([`${ORIGIN}/chat/1000000000000002`]);
  });
});
