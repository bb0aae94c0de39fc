// reverseSortKey: ascending order of the result is descending order of the sk, so the thread
// query can walk the [pk, rsk] index forwards and stop after `limit` rows.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { reverseSortKey } from '../../../src/db/schemas/messages.schema';

const SK_CHARS = '0123456789_-abcdefABCDEF~';
const skLike = fc.array(fc.constantFrom(...SK_CHARS), { maxLength: 70 }).map((a) => a.join(''));

it('reverses the order of any two keys, prefixes included', () => {
  fc.assert(fc.property(skLike, skLike, (a, b) => {
    const ra = reverseSortKey(a);
    const rb = reverseSortKey(b);
    if (a < b) expect(ra > rb).toBe(true);
    else if (a > b) expect(ra < rb).toBe(true);
    else expect(ra).toBe(rb);
  }), { numRuns: 2000 });
});

it('orders real keys newest first, unacknowledged (~) before all server keys', () => {
  const sks = [
    '001700000000000_000000001_a1',
    '001700000000000_000000002_b2',
    '001700000000001_000000003_c3',
    '~001700000000002_0190a0b0-0000-7000-8000-000000000000',
  ];
  const byRsk = [...sks].sort((x, y) => (reverseSortKey(x) < reverseSortKey(y) ? -1 : 1));
  expect(byRsk).toEqual([...sks].reverse());
  expect(reverseSortKey(sks[0]!).length).toBeLessThanOrEqual(81);
});
