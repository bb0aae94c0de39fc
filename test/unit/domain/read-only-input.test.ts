import { describe, expect, it } from 'vitest';
import { expiresAt, isExpired, isInputReadOnly, type InputState, type LastMessageFacts } from '../../../src/domain/read-only-input';

// Spec part 1 §4 "Sending a message": the input is read-only when the last message is a button
// message without custom response and without action, or a form, or a menu or multi-select is active.
const bot = (type: string, extra: Partial<LastMessageFacts> = {}): LastMessageFacts => ({ type, from: 'bot', ...extra });
const state = (lastMessage: LastMessageFacts | null, extra: Partial<InputState> = {}): InputState => ({
  lastMessage,
  menuOpen: false,
  multiSelectActive: false,
  ...extra,
});

const CASES: readonly [string, InputState, boolean][] = [
  ['button without custom response and without action', state(bot('button')), true],
  ['button with allow_custom_response false', state(bot('button', { allow_custom_response: false })), true],
  ['button with action null', state(bot('button', { action: null })), true],
  ['button with allow_custom_response', state(bot('button', { allow_custom_response: true })), false],
  ['button with an action', state(bot('button', { action: { type: 'website', value: 'https://example.com' } })), false],
  ['multi_select_button without custom response and without action', state(bot('multi_select_button')), true],
  ['multi_select_button with allow_custom_response', state(bot('multi_select_button', { allow_custom_response: true })), false],
  ['multi_select_button with an action', state(bot('multi_select_button', { action: { type: 'view_cart' } })), false],
  ['form', state(bot('form')), true],
  ['form even with allow_custom_response', state(bot('form', { allow_custom_response: true })), true],
  ['text from the bot', state(bot('text')), false],
  ['button_response (not a button message)', state(bot('button_response')), false],
  ['last message from the user (a button type)', state({ type: 'button', from: 'user' }), false],
  ['last message from the user (text)', state({ type: 'text', from: 'user' }), false],
  ['empty thread', state(null), false],
  ['rich_input form request', state(bot('rich_input', { rich_input_type: 'form' })), true],
  ['rich_input date request', state(bot('rich_input', { rich_input_type: 'date' })), false],
  ['menu open, empty thread', state(null, { menuOpen: true }), true],
  ['menu open over a text message', state(bot('text'), { menuOpen: true }), true],
  ['multi-select active over a text message', state(bot('text'), { multiSelectActive: true }), true],
  ['multi-select active, last from the user', state({ type: 'text', from: 'user' }, { multiSelectActive: true }), true],
  ['menu open over a button with custom response', state(bot('button', { allow_custom_response: true }), { menuOpen: true }), true],
];

describe('read-only input', () => {
  it.each(CASES)('%s → read-only %s', (_name, input, readOnly) => {
    expect(isInputReadOnly(input)).toBe(readOnly);
  });
});

describe('a timed question (ttl) no longer holds the input once it has run out (issue 11)', () => {
  const ts = 1_000_000;
  const timed = (type: string, extra: Partial<LastMessageFacts> = {}) => bot(type, { ttl: 5, timestamp: ts, ...extra });
  it('read-only while the ttl runs, writable from timestamp + ttl on', () => {
    expect(isInputReadOnly(state(timed('button'), { now: ts + 4_999 }))).toBe(true);
    expect(isInputReadOnly(state(timed('button'), { now: ts + 5_000 }))).toBe(false);
    expect(isInputReadOnly(state(timed('multi_select_button'), { now: ts + 60_000 }))).toBe(false);
  });
  it('without a clock or a timestamp the ttl is not taken as run out', () => {
    expect(isInputReadOnly(state(timed('button')))).toBe(true);
    expect(isInputReadOnly(state(bot('button', { ttl: 5 }), { now: ts + 1e9 }))).toBe(true);
  });
  it('a ttl does not free the input from a form, an open menu or an active multi-select', () => {
    expect(isInputReadOnly(state(timed('form'), { now: ts + 1e9 }))).toBe(true);
    expect(isInputReadOnly(state(timed('button'), { now: ts + 1e9, menuOpen: true }))).toBe(true);
    expect(isInputReadOnly(state(timed('button'), { now: ts + 1e9, multiSelectActive: true }))).toBe(true);
  });
  it('expiresAt: timestamp + ttl seconds, none without a positive ttl', () => {
    expect(expiresAt({ ttl: 5 }, ts)).toBe(ts + 5_000);
    expect(expiresAt({}, ts)).toBeNull();
    expect(expiresAt({ ttl: 0 }, ts)).toBeNull();
    expect(isExpired({ ttl: 5 }, ts, ts + 5_000)).toBe(true);
  });
});
