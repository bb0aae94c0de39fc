import { describe, expect, it } from 'vitest';
import { boldRuns, buildThreadItems, chosenOptionLabel, dayKind, isAtBottom, type ThreadMessage } from '../../../src/screens/chat/thread-items';
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

describe('isAtBottom', () => {
  it('counts the last few pixels as the bottom', () => {
    expect(isAtBottom({ scrollTop: 552, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isAtBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isAtBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
    expect(isAtBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 400 })).toBe(true);
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
