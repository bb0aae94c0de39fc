import { describe, expect, it } from 'vitest';
import { buildThreadRows, firstUnreadId, newSince, olderStep } from '../../../src/screens/chat/thread-window';
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
