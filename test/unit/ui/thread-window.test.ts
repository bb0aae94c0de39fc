import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildThreadRows, extendThreadRows, firstUnreadId, newSince, olderStep, type ThreadRows } from '../../../src/screens/chat/thread-window';
import { activeMenu, chosenLabels, type ThreadMessage } from '../../../src/screens/chat/thread-items';

const at = (y: number, mo: number, d: number, h = 12, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();
let n = 0;
const msg = (timestamp: number, from: 'bot' | 'user' = 'bot'): ThreadMessage => ({ id: `m${(n += 1)}`, from, type: 'text', timestamp, message: { text: { body: 'x' } } });

describe('buildThreadRows', () => {
  it('puts a date tag before each day and the unread marker above its message', () => {
    const a = msg(at(2026, 3, 14, 10));
    const b = msg(at(2026, 3, 15, 9), 'user');
    const c = msg(at(2026, 3, 15, 9, 2));
    const rows = buildThreadRows([a, b, c], c.id);
    expect(rows.map((r) => r.kind)).toEqual(['day', 'message', 'day', 'message', 'unread', 'message']);
  });

  it('shows the bot picture on the first message and after more than 5 minutes, only on bot messages', () => {
    const t = at(2026, 3, 15, 9);
    const list = [msg(t), msg(t + 60_000), msg(t + 60_000 + 5 * 60_000), msg(t + 60_000 + 10 * 60_000 + 1), msg(t + 20 * 60_000, 'user'), msg(t + 40 * 60_000)];
    const pics = buildThreadRows(list, null).flatMap((r) => (r.kind === 'message' ? [r.showPicture] : []));
    // exactly 5 minutes is not more than 5 minutes
    expect(pics).toEqual([true, false, false, true, false, true]);
  });

  it('marks only the newest as last', () => {
    const rows = buildThreadRows([msg(1), msg(2)], null).filter((r) => r.kind === 'message');
    expect(rows.map((r) => r.kind === 'message' && r.isLast)).toEqual([false, true]);
  });
});

describe('extendThreadRows', () => {
  it('gives the rows buildThreadRows gives, page by page as older pages are added above, and whole when the list changes otherwise', () => {
    const day = 24 * 60 * 60_000;
    // gaps of up to two days, so pages meet within a day and across days; a bot picture gap or not
    const gaps = fc.array(fc.oneof(fc.integer({ min: 0, max: 10 * 60_000 }), fc.integer({ min: 0, max: 2 * day })), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(gaps, fc.array(fc.boolean(), { maxLength: 60 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 12 }), fc.nat(80), (g, users, pageSizes, anchorAt) => {
        let t = at(2026, 3, 1);
        const all = g.map((d, i) => msg((t += d), users[i] ? 'user' : 'bot'));
        const anchor = all[anchorAt]?.id ?? null;
        let shown = 0;
        let rows: ThreadRows<ThreadMessage> | null = null;
        for (const size of [...pageSizes, all.length]) {
          shown = Math.min(all.length, shown + size);
          const window = all.slice(all.length - shown);
          const before = rows;
          rows = extendThreadRows(rows, window, anchor);
          expect(rows.rows).toEqual(buildThreadRows(window, anchor));
          // unchanged rows of the page before are the same objects (not rebuilt)
          if (before && before.rows.length > 3 && window.length > before.messages.length) expect(rows.rows.at(-1)).toBe(before.rows.at(-1));
        }
        // a new message at the bottom, and a changed message: all rows again, still right
        const grown = [...all, msg(t + 1000)];
        expect(extendThreadRows(rows, grown, anchor).rows).toEqual(buildThreadRows(grown, anchor));
        const changed = all.map((m, i) => (i === Math.floor(all.length / 2) ? { ...m, from: m.from === 'bot' ? ('user' as const) : ('bot' as const) } : m));
        expect(extendThreadRows(rows, changed, anchor).rows).toEqual(buildThreadRows(changed, anchor));
      }),
      { numRuns: 300 },
    );
  });
});

describe('firstUnreadId', () => {
  const list = [msg(1), msg(2, 'user'), msg(3), msg(4), msg(5, 'user')];
  it('is the count-th bot message from the end', () => {
    expect(firstUnreadId(list, 1)).toBe(list[3]!.id);
    expect(firstUnreadId(list, 2)).toBe(list[2]!.id);
    expect(firstUnreadId(list, 3)).toBe(list[0]!.id);
  });
  it('is null with nothing unread and the oldest bot message when the window holds fewer', () => {
    expect(firstUnreadId(list, 0)).toBeNull();
    expect(firstUnreadId(list, 9)).toBe(list[0]!.id);
  });
});

describe('olderStep', () => {
  const s = { olderStored: true, reading: false, historyComplete: false, fetching: false };
  it('reads the next stored page while more may be stored, even with the history complete or a fetch running', () => {
    expect(olderStep(s)).toBe('read');
    expect(olderStep({ ...s, historyComplete: true, fetching: true })).toBe('read');
  });
  it('fetches from the server when everything stored is shown and history is not complete', () => {
    expect(olderStep({ ...s, olderStored: false })).toBe('fetch');
  });
  it('does nothing while a read runs, at the start of history, or while a fetch runs', () => {
    expect(olderStep({ ...s, reading: true })).toBeNull();
    expect(olderStep({ ...s, olderStored: false, reading: true })).toBeNull();
    expect(olderStep({ ...s, olderStored: false, historyComplete: true })).toBeNull();
    expect(olderStep({ ...s, olderStored: false, fetching: true })).toBeNull();
  });
});

describe('newSince', () => {
  const list = [msg(1), msg(2), msg(3)];
  it('counts the messages after the last one seen', () => {
    expect(newSince(list, list[0]!.id)).toBe(2);
    expect(newSince(list, list[2]!.id)).toBe(0);
    expect(newSince(list, null)).toBe(0);
    expect(newSince(list, 'gone')).toBe(0);
  });
});

describe('chosenLabels and activeMenu', () => {
  const bot = (type: string, buttons: { body: string; button_index: number }[]): ThreadMessage => ({ id: `m${(n += 1)}`, from: 'bot', type, timestamp: 1, message: { buttons } });
  const user = (type: string, extra: Partial<ThreadMessage['message']>): ThreadMessage => ({ id: `m${(n += 1)}`, from: 'user', type, timestamp: 2, message: extra });
  it('finds the chosen options of each response kind from its own source', () => {
    const list = [
      bot('persistent_menu', [{ body: 'Help', button_index: 0 }, { body: 'Start over', button_index: 1 }]),
      bot('multi_select_button', [{ body: 'Tea', button_index: 0 }, { body: 'Coffee', button_index: 1 }, { body: 'Milk', button_index: 2 }]),
      user('multi_select_button_response', { button_indices: [0, 2] }),
      user('persistent_menu_response', { button_index: 1 }),
      user('button_response', { button_index: 7 }),
    ];
    expect(chosenLabels(list, 2)).toEqual(['Tea', 'Milk']);
    expect(chosenLabels(list, 3)).toEqual(['Start over']);
    expect(chosenLabels(list, 4)).toBeNull();
    expect(activeMenu(list)).toBe(list[0]);
    expect(activeMenu(list.slice(1))).toBeNull();
  });
});
