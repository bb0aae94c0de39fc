// The pure rules of server/http/idempotency.ts: what counts as a key, the canonical request, and
// which answers are kept for a replay.
import { describe, expect, it } from 'vitest';
import { canonicalJson, isKeptStatus, parseIdempotencyKey, requestHash } from '../../../server/http/idempotency';

describe('parseIdempotencyKey', () => {
  it('takes a bare token (Stripe) or a structured-field string (the IETF draft)', () => {
    expect(parseIdempotencyKey('0192f6a0-7b1c-7c3e-9a2b-123456789abc')).toBe('0192f6a0-7b1c-7c3e-9a2b-123456789abc');
    expect(parseIdempotencyKey('"abc"')).toBe('abc');
    expect(parseIdempotencyKey('"a\\"b\\\\c"')).toBe('a"b\\c');
    expect(parseIdempotencyKey('  padded  ')).toBe('padded');
    expect(parseIdempotencyKey('k'.repeat(255))).toHaveLength(255);
  });

  it('refuses empty, long, non-ASCII, control characters and broken strings (400)', () => {
    for (const bad of ['', '   ', '""', 'k'.repeat(256), 'clé', 'a\tb', 'a\u0000b', '"open', '"a"b"', '"x\\y"']) {
      expect(() => parseIdempotencyKey(bad), JSON.stringify(bad)).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });
});

describe('the canonical request', () => {
  it('does not depend on the order of fields, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(requestHash('POST', '/bot/x', { a: 1, b: 2 })).toBe(requestHash('POST', '/bot/x', { b: 2, a: 1 }));
  });

  it('differs by route and by body', () => {
    expect(requestHash('POST', '/bot/x', { a: 1 })).not.toBe(requestHash('POST', '/bot/y', { a: 1 }));
    expect(requestHash('POST', '/bot/x', { a: 1 })).not.toBe(requestHash('POST', '/bot/x', { a: '1' }));
  });
});

describe('isKeptStatus', () => {
  it('keeps 2xx and 4xx outcomes, not 5xx nor the "not now" answers', () => {
    for (const s of [200, 204, 400, 403, 404, 409, 413, 422]) expect(isKeptStatus(s), String(s)).toBe(true);
    for (const s of [401, 408, 423, 429, 440, 500, 502, 503, 504, 304]) expect(isKeptStatus(s), String(s)).toBe(false);
  });
});
