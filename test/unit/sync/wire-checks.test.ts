import { describe, expect, it } from 'vitest';
import { chatMessageSchema } from '../../../src/api/messages';
import { WireError, parseSocketFrame } from '../../../src/sync/wire-checks';

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

/** The first issue's message of a message that fails the contract's chatMessageSchema, or null. */
const messageProblem = (value: unknown): string | null => chatMessageSchema.safeParse(value).error?.issues[0]?.message ?? null;

describe('chatMessageSchema (one schema for messages of pages, webhook answers and frames)', () => {
  it('accepts a bot message (no client id) and a user message (with one)', () => {
    expect(messageProblem(botMessage())).toBeNull();
    expect(messageProblem(botMessage({ client_message_id: null }))).toBeNull();
    expect(messageProblem(userMessage())).toBeNull();
    expect(messageProblem(botMessage({ type: 'hologram' }))).toBeNull();
  });

  it('normalises a missing client id of a bot message to null', () => {
    expect(chatMessageSchema.parse(botMessage()).client_message_id).toBeNull();
  });

  it.each([
    ['not an object', null],
    ['an array', []],
    ['a string', 'hi'],
    ['no message_id', botMessage({ message_id: undefined })],
    ['empty message_id', botMessage({ message_id: '' }), 'message_id missing'],
    ['message_id over 64 chars', botMessage({ message_id: 'x'.repeat(65) }), 'message_id missing'],
    ['no sk', botMessage({ sk: undefined })],
    ['a bad sk', botMessage({ sk: '1700000000000_1_m1' }), 'sk is not a sort key'],
    ['a provisional sk', botMessage({ sk: '~001700000000000_x' }), 'sk is not a sort key'],
    ['sk with a bad id', botMessage({ sk: '001700000000000_000000001_m 1' }), 'sk is not a sort key'],
    ['timestamp a string', botMessage({ timestamp: '1700000000000' })],
    ['timestamp negative', botMessage({ timestamp: -1 }), 'timestamp is not a time'],
    ['timestamp infinite', botMessage({ timestamp: Infinity })],
    ['from someone else', botMessage({ from: 'admin' }), 'from is neither user nor bot'],
    ['no type', botMessage({ type: '' }), 'type missing'],
    ['client_message_id a number', botMessage({ client_message_id: 5 })],
    ['user message without client id', userMessage({ client_message_id: undefined }), 'a user message without client_message_id'],
    ['user message with null client id', userMessage({ client_message_id: null }), 'a user message without client_message_id'],
    ['a button without its index', botMessage({ type: 'button', buttons: [{ body: 'Yes' }] })],
  ])('rejects %s', (_name, value, problem?: string) => {
    const found = messageProblem(value);
    expect(found).not.toBeNull();
    if (problem) expect(found).toBe(problem);
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
    ['message-received without bot_uuid', frame({ action: 'message-received', body: { message: botMessage() } }), /^body\.bot_uuid: /],
    ['message-received with a bad sk', frame({ action: 'message-received', body: { bot_uuid: 'b1', message: botMessage({ sk: '12' }) } }), 'body.message.sk: sk is not a sort key'],
    [
      'a user message without client id',
      frame({ action: 'message-received', body: { bot_uuid: 'b1', message: userMessage({ client_message_id: undefined }) } }),
      'body.message.client_message_id: a user message without client_message_id',
    ],
    ['cart-updated without bot_uuid', frame({ action: 'cart-updated', body: {} }), /^body\.bot_uuid: /],
    ['error without statusCode', frame({ action: 'error', body: { message: 'x' } }), /^body\.statusCode: /],
  ])('reports a frame that is %s', (_name, data, message) => {
    const out = parseSocketFrame(data);
    expect(out).toBeInstanceOf(WireError);
    expect((out as WireError).source).toBe('socket');
    if (typeof message === 'string') expect((out as WireError).message).toBe(message);
    else expect((out as WireError).message).toMatch(message);
  });
});
