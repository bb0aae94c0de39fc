import { describe, expect, it } from 'vitest';
import { WireError, messageProblem, parseMessages, parseSocketFrame } from '../../../src/sync/wire-checks';

const SK = '001700000000000_000000001_m1';

const botMessage = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  message_id: 'm1',
  sk: SK,
  timestamp: 1_700_000_000_000,
  from: 'bot',
  type: 'text',
  text: { body: 'hello' },
  ...over,
});
const userMessage = (over: Record<string, unknown> = {}): Record<string, unknown> =>
  botMessage({ message_id: 'u1', sk: '001700000000001_000000002_u1', from: 'user', client_message_id: '018bcfe5-6800-7000-8000-000000000000', ...over });

describe('messageProblem', () => {
  it('accepts a bot message (no client id) and a user message (with one)', () => {
    expect(messageProblem(botMessage())).toBeNull();
    expect(messageProblem(botMessage({ client_message_id: null }))).toBeNull();
    expect(messageProblem(userMessage())).toBeNull();
  });

  it.each([
    ['not an object', null, 'message is not an object'],
    ['an array', [], 'message is not an object'],
    ['a string', 'hi', 'message is not an object'],
    ['no message_id', botMessage({ message_id: undefined }), 'message_id missing'],
    ['empty message_id', botMessage({ message_id: '' }), 'message_id missing'],
    ['message_id over 64 chars', botMessage({ message_id: 'x'.repeat(65) }), 'message_id missing'],
    ['no sk', botMessage({ sk: undefined }), 'sk is not a sort key'],
    ['a bad sk', botMessage({ sk: '1700000000000_1_m1' }), 'sk is not a sort key'],
    ['a provisional sk', botMessage({ sk: '~001700000000000_x' }), 'sk is not a sort key'],
    ['sk with a bad id', botMessage({ sk: '001700000000000_000000001_m 1' }), 'sk is not a sort key'],
    ['timestamp a string', botMessage({ timestamp: '1700000000000' }), 'timestamp is not a time'],
    ['timestamp negative', botMessage({ timestamp: -1 }), 'timestamp is not a time'],
    ['timestamp infinite', botMessage({ timestamp: Infinity }), 'timestamp is not a time'],
    ['from someone else', botMessage({ from: 'admin' }), 'from is neither user nor bot'],
    ['no type', botMessage({ type: '' }), 'type missing'],
    ['client_message_id a number', botMessage({ client_message_id: 5 }), 'client_message_id is not a string'],
    ['user message without client id', userMessage({ client_message_id: undefined }), 'a user message without client_message_id'],
    ['user message with null client id', userMessage({ client_message_id: null }), 'a user message without client_message_id'],
  ])('rejects %s', (_name, value, problem) => {
    expect(messageProblem(value)).toBe(problem);
  });
});

describe('parseMessages', () => {
  it('keeps the good entries of a list with one bad entry and reports the bad one', () => {
    const reports: WireError[] = [];
    const good1 = botMessage();
    const bad = botMessage({ message_id: 'bad', sk: 'nope' });
    const good2 = userMessage();
    const out = parseMessages([good1, bad, good2], 'page', (e) => reports.push(e));
    expect(out.map((m) => m.message_id)).toEqual(['m1', 'u1']);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeInstanceOf(WireError);
    expect(reports[0]!.source).toBe('page');
    expect(reports[0]!.message).toBe('sk is not a sort key');
    expect(reports[0]!.sample).toContain('"bad"');
  });

  it('normalises a missing client id of a bot message to null', () => {
    const out = parseMessages([botMessage()], 'webhook', () => {});
    expect(out[0]!.client_message_id).toBeNull();
  });

  it('reports a value that is not a list and answers nothing', () => {
    const reports: WireError[] = [];
    expect(parseMessages({ messages: [] }, 'webhook', (e) => reports.push(e))).toEqual([]);
    expect(reports.map((e) => [e.source, e.message])).toEqual([['webhook', 'messages is not a list']]);
  });

  it('keeps samples short', () => {
    const reports: WireError[] = [];
    parseMessages([botMessage({ sk: 'x', text: { body: 'y'.repeat(5000) } })], 'page', (e) => reports.push(e));
    expect(reports[0]!.sample.length).toBeLessThanOrEqual(200);
  });
});

describe('parseSocketFrame', () => {
  const frame = (v: unknown): string => JSON.stringify(v);

  it('parses a message-received frame', () => {
    const out = parseSocketFrame(frame({ action: 'message-received', body: { bot_uuid: 'b1', message: botMessage() } }));
    expect(out).not.toBeInstanceOf(Error);
    if (out instanceof Error || out.action !== 'message-received') throw new Error('expected message-received');
    expect(out.body.bot_uuid).toBe('b1');
    expect(out.body.message.message_id).toBe('m1');
    expect(out.body.message.client_message_id).toBeNull();
  });

  it('parses cart-updated, pong and error frames', () => {
    expect(parseSocketFrame(frame({ action: 'cart-updated', body: { bot_uuid: 'b1', extra: 1 } }))).toEqual({ action: 'cart-updated', body: { bot_uuid: 'b1' } });
    expect(parseSocketFrame(frame({ action: 'pong' }))).toEqual({ action: 'pong', body: {} });
    expect(parseSocketFrame(frame({ action: 'error', body: { statusCode: 401, message: 'User Unauthorised' } }))).toEqual({
      action: 'error',
      body: { statusCode: 401, message: 'User Unauthorised' },
    });
    expect(parseSocketFrame(frame({ action: 'error', body: { statusCode: 400, message: 'x', client_message_id: 'c1' } }))).toEqual({
      action: 'error',
      body: { statusCode: 400, message: 'x', client_message_id: 'c1' },
    });
  });

  it.each([
    ['not text', new Uint8Array([1, 2]), 'frame is not text'],
    ['not JSON', '{action:', 'frame is not JSON'],
    ['JSON but not an object', '[1,2]', 'frame has no action'],
    ['no action', frame({ body: {} }), 'frame has no action'],
    ['a numeric action', frame({ action: 3 }), 'frame has no action'],
    ['an unknown action', frame({ action: 'launch-rockets', body: {} }), 'unknown action launch-rockets'],
    ['message-received without bot_uuid', frame({ action: 'message-received', body: { message: botMessage() } }), 'message-received without bot_uuid'],
    ['message-received with a bad sk', frame({ action: 'message-received', body: { bot_uuid: 'b1', message: botMessage({ sk: '12' }) } }), 'sk is not a sort key'],
    [
      'a user message without client id',
      frame({ action: 'message-received', body: { bot_uuid: 'b1', message: userMessage({ client_message_id: undefined }) } }),
      'a user message without client_message_id',
    ],
    ['cart-updated without bot_uuid', frame({ action: 'cart-updated', body: {} }), 'cart-updated without bot_uuid'],
    ['error without statusCode', frame({ action: 'error', body: { message: 'x' } }), 'error frame without statusCode and message'],
  ])('reports a frame that is %s', (_name, data, message) => {
    const out = parseSocketFrame(data);
    expect(out).toBeInstanceOf(WireError);
    expect((out as WireError).source).toBe('socket');
    expect((out as WireError).message).toBe(message);
  });
});
