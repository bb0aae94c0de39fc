import { describe, expect, it } from 'vitest';
import { boldRuns, buildThreadItems, chosenLabels, chosenOptionLabel, dayKind, distanceFromEnd, isNearEnd, staysPinned, type ThreadMessage } from '../../../src/screens/chat/thread-items';
import { screenPathFor } from '../../../src/app/screen-chunks';

const at = (y: number, mo: number, d: number, h = 12, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();
let n = 0;
const msg = (timestamp: number, extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id: `m${(n += 1)}`,
  from: 'bot',
  type: 'text',
  timestamp,
  message: { text: { body: 'hi' } },
  ...extra,
});

describe('dayKind', () => {
  const now = at(2026, 3, 15, 9, 30);
  it('tells today, yesterday and earlier days apart by the local calendar', () => {
    expect(dayKind(at(2026, 3, 15, 0, 1), now)).toBe('today');
    expect(dayKind(at(2026, 3, 15, 23, 59), now)).toBe('today');
    expect(dayKind(at(2026, 3, 14, 23, 59), now)).toBe('yesterday');
    expect(dayKind(at(2026, 3, 14, 0, 0), now)).toBe('yesterday');
    expect(dayKind(at(2026, 3, 13, 23, 59), now)).toBe('earlier');
    expect(dayKind(at(2025, 3, 15), now)).toBe('earlier');
  });
  it('knows yesterday across a month and a year boundary', () => {
    expect(dayKind(at(2026, 2, 28), at(2026, 3, 1, 8))).toBe('yesterday');
    expect(dayKind(at(2025, 12, 31), at(2026, 1, 1, 8))).toBe('yesterday');
  });
});

describe('buildThreadItems', () => {
  it('puts a day separator before the first message of each day, and marks the last message', () => {
    const a = msg(at(2026, 3, 14, 10));
    const b = msg(at(2026, 3, 14, 22));
    const c = msg(at(2026, 3, 15, 8));
    const items = buildThreadItems([a, b, c]);
    expect(items.map((i) => (i.kind === 'day' ? 'day' : i.doc.id))).toEqual(['day', a.id, b.id, 'day', c.id]);
    expect(items.filter((i) => i.kind === 'message').map((i) => i.kind === 'message' && i.isLast)).toEqual([false, false, true]);
    expect(items.filter((i) => i.kind === 'message').map((i) => i.kind === 'message' && i.index)).toEqual([0, 1, 2]);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });
  it('gives nothing for an empty thread', () => {
    expect(buildThreadItems([])).toEqual([]);
  });
});

describe('chosenOptionLabel', () => {
  const buttons = msg(1, { type: 'button', message: { text: { body: 'Pick' }, buttons: [{ body: 'One', button_index: 0 }, { body: 'Two', button_index: 1 }] } });
  it('reads the label from the nearest button message before the response', () => {
    const response = msg(2, { from: 'user', type: 'button_response', message: { button_index: 1 } });
    expect(chosenOptionLabel([buttons, msg(1.5, { from: 'user' }), response], 2)).toBe('Two');
  });
  it('gives null when the option or the button message is not there', () => {
    expect(chosenOptionLabel([msg(2, { from: 'user', type: 'button_response', message: { button_index: 0 } })], 0)).toBeNull();
    expect(chosenOptionLabel([buttons, msg(2, { from: 'user', type: 'button_response', message: { button_index: 7 } })], 1)).toBeNull();
    expect(chosenOptionLabel([buttons], 5)).toBeNull();
  });
});

describe('boldRuns', () => {
  it('splits **bold** parts out of a catalogue text', () => {
    expect(boldRuns('Message type **not supported**, please **refresh**, clear cache')).toEqual([
      { text: 'Message type ', bold: false },
      { text: 'not supported', bold: true },
      { text: ', please ', bold: false },
      { text: 'refresh', bold: true },
      { text: ', clear cache', bold: false },
    ]);
  });
  it('keeps text without markers, and a lone marker, as plain text', () => {
    expect(boldRuns('plain')).toEqual([{ text: 'plain', bold: false }]);
    expect(boldRuns('a ** b')).toEqual([{ text: 'a ** b', bold: false }]);
    expect(boldRuns('')).toEqual([]);
  });
});

describe('following the end of the thread', () => {
  const box = (scrollTop: number, scrollHeight = 2000, clientHeight = 600) => ({ scrollTop, scrollHeight, clientHeight });

  it('measures the distance from the end (none when everything fits)', () => {
    expect(distanceFromEnd(box(1400))).toBe(0);
    expect(distanceFromEnd(box(1000))).toBe(400);
    expect(distanceFromEnd(box(0, 300))).toBe(0);
  });

  it('counts one screen from the end as near it (new messages followed, no pill)', () => {
    expect(isNearEnd(box(1400))).toBe(true);
    expect(isNearEnd(box(800))).toBe(true);
    expect(isNearEnd(box(799))).toBe(false);
    expect(isNearEnd(box(0, 300))).toBe(true);
  });

  it('pins at the end, unpins on a move up away from it, and stays pinned while content grows below', () => {
    // the user scrolls to the end (a fraction of a pixel short counts): pinned
    expect(staysPinned(false, box(1398.5), 900, true)).toBe(true);
    // the list's own scroll to the unread marker lands at the end: not pinned by that
    expect(staysPinned(false, box(1400), 0, false)).toBe(false);
    expect(staysPinned(true, box(1400), 1300, false)).toBe(true);
    // the user scrolls up from the end
    expect(staysPinned(true, box(1300), 1400, true)).toBe(false);
    // a row below measured taller: the end moved away, the top did not move
    expect(staysPinned(true, box(1400, 2190), 1400, false)).toBe(true);
    // the list's own write towards the end
    expect(staysPinned(true, box(1500, 2200), 1400, false)).toBe(true);
    // not pinned and not at the end: a scroll down does not pin
    expect(staysPinned(false, box(1000), 900, true)).toBe(false);
  });
});

describe('screenPathFor', () => {
  it('maps URLs to their screen chunk, parameters included', () => {
    expect(screenPathFor('/home')).toBe('/home');
    expect(screenPathFor('/chat/1000000000000001')).toBe('/chat/$botUuid');
    expect(screenPathFor('/chat/')).toBeNull();
    expect(screenPathFor('/nowhere')).toBeNull();
  });
});

describe('chosenLabels of a multi-select answer', () => {
  const opts = (labels: string[]) => labels.map((body, button_index) => ({ body, button_index }));
  const toppings = msg(1, { type: 'multi_select_button', message_id: 'a', message: { buttons: opts(['Cheese', 'Olives', 'Onion']) } });
  const drinks = msg(2, { type: 'multi_select_button', message_id: 'b', message: { buttons: opts(['Tea', 'Coffee', 'Juice']) } });
  it('takes the labels of the picker the answer names (reply_to), not of the newest one', () => {
    const answer = msg(3, { from: 'user', type: 'multi_select_button_response', message: { button_indices: [0, 2], reply_to: 'a' } });
    expect(chosenLabels([toppings, drinks, answer], 2)).toEqual(['Cheese', 'Onion']);
  });
  it('without reply_to, the nearest picker above; a named picker outside the window gives null', () => {
    expect(chosenLabels([toppings, drinks, msg(3, { from: 'user', type: 'multi_select_button_response', message: { button_indices: [1] } })], 2)).toEqual(['Coffee']);
    expect(chosenLabels([drinks, msg(3, { from: 'user', type: 'multi_select_button_response', message: { button_indices: [1], reply_to: 'zz' } })], 1)).toBeNull();
  });
});
