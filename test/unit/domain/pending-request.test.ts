import { describe, expect, it } from 'vitest';
import { isOpenRequest, pendingRequest, requestKindOf, type ThreadFacts } from '../../../src/domain/pending-request';

const bot = (type: string, extra: Partial<ThreadFacts> = {}): ThreadFacts => ({ from: 'bot', type, ...extra });
const user = (type: string, extra: Partial<ThreadFacts> = {}): ThreadFacts => ({ from: 'user', type, ...extra });
const dateReq = bot('rich_input', { rich_input: { type: 'date' } });
const locReq = bot('rich_input', { rich_input: { type: 'location' } });
const formReq = bot('rich_input', { rich_input: { type: 'form', form: { form_id: 'f1' } } });

describe('pending input request (spec part 1 §3, §4: cleared after it is answered)', () => {
  it('kinds: rich_input date/location/form and form messages; others none', () => {
    expect(requestKindOf(dateReq)).toBe('date');
    expect(requestKindOf(locReq)).toBe('location');
    expect(requestKindOf(formReq)).toBe('form');
    expect(requestKindOf(bot('form', { form: { form_id: 'x' } }))).toBe('form');
    expect(requestKindOf(bot('rich_input', { rich_input: { type: 'colour' } }))).toBeNull();
    expect(requestKindOf(bot('rich_input', { rich_input: { type: 'form' } }))).toBeNull();
    expect(requestKindOf(bot('text'))).toBeNull();
    expect(requestKindOf(user('rich_input', { rich_input: { type: 'date' } }))).toBeNull();
  });

  it('none in a thread without requests', () => {
    expect(pendingRequest([])).toBeNull();
    expect(pendingRequest([bot('text'), user('text')])).toBeNull();
  });

  it('open until a reply of the matching type follows; text in between does not answer', () => {
    expect(pendingRequest([bot('text'), dateReq])).toEqual({ index: 1, kind: 'date', answered: false });
    expect(pendingRequest([dateReq, user('text'), bot('text')])).toEqual({ index: 0, kind: 'date', answered: false });
    expect(pendingRequest([dateReq, user('location')])?.answered).toBe(false);
    expect(pendingRequest([dateReq, user('date')])?.answered).toBe(true);
    expect(pendingRequest([locReq, bot('text'), user('location')])?.answered).toBe(true);
  });

  it('a bot message does not answer', () => {
    expect(pendingRequest([locReq, bot('location')])?.answered).toBe(false);
  });

  it('forms are not the pending request: each stays open until its own form_response follows', () => {
    const form2 = bot('form', { form: { form_id: 'f2' } });
    expect(pendingRequest([formReq])).toBeNull();
    expect(pendingRequest([dateReq, formReq])).toEqual({ index: 0, kind: 'date', answered: false });
    const thread = [formReq, form2];
    expect(isOpenRequest(thread, 0)).toBe(true);
    expect(isOpenRequest(thread, 1)).toBe(true);
    const other = [...thread, user('form_response', { form_response: { form_id: 'other' } })];
    expect(isOpenRequest(other, 0)).toBe(true);
    const one = [...thread, user('form_response', { form_response: { form_id: 'f1' } })];
    expect(isOpenRequest(one, 0)).toBe(false);
    expect(isOpenRequest(one, 1)).toBe(true);
    // A form_response before the form does not answer it.
    expect(isOpenRequest([user('form_response', { form_response: { form_id: 'f1' } }), formReq], 1)).toBe(true);
  });

  it('a message that asks nothing is never open', () => {
    expect(isOpenRequest([bot('text')], 0)).toBe(false);
    expect(isOpenRequest([], 0)).toBe(false);
  });

  it('the newest request wins: an older one is no longer open', () => {
    const thread = [dateReq, locReq];
    expect(pendingRequest(thread)).toEqual({ index: 1, kind: 'location', answered: false });
    expect(isOpenRequest(thread, 0)).toBe(false);
    expect(isOpenRequest(thread, 1)).toBe(true);
    expect(isOpenRequest([...thread, user('location')], 1)).toBe(false);
  });
});
