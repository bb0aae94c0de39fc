import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createUuidV7Generator, isUuidV7, uuidV7Time, uuidv7 } from '../../../src/domain/uuidv7';

const T = 1_700_000_000_123;
const fixed = (t: number) => () => t;
const zeroFill = (bytes: Uint8Array): void => {
  bytes.fill(0);
};

/** The 12-bit counter in rand_a (the three hex digits after the version nibble). */
const counterOf = (id: string): number => parseInt(id.slice(15, 18), 16);

function expectStrictlyIncreasing(ids: readonly string[]): void {
  for (let i = 1; i < ids.length; i++) {
    const prev = ids[i - 1]!;
    const cur = ids[i]!;
    if (!(prev < cur)) expect.fail(`id ${i} is not after id ${i - 1}: ${prev} >= ${cur}`);
  }
}

describe('UUIDv7 format', () => {
  it('has version 7 and variant 10xx', () => {
    const gen = createUuidV7Generator();
    for (let i = 0; i < 200; i++) {
      const id = gen();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(id[14]).toBe('7');
      expect(['8', '9', 'a', 'b']).toContain(id[19]);
      expect(isUuidV7(id)).toBe(true);
    }
  });

  it('keeps version and variant even when the random source gives all ones', () => {
    const gen = createUuidV7Generator(fixed(T), (bytes) => bytes.fill(0xff));
    const id = gen();
    expect(id[14]).toBe('7');
    expect(id[19]).toBe('b');
    expect(isUuidV7(id)).toBe(true);
  });

  it('the process-wide generator makes valid ids', () => {
    expect(isUuidV7(uuidv7())).toBe(true);
  });

  it('writes the clock time, readable again with uuidV7Time', () => {
    for (const t of [0, 1, 255, 65_536, T, Date.UTC(2100, 0, 1), 2 ** 47 + 12_345]) {
      const id = createUuidV7Generator(fixed(t))();
      expect(uuidV7Time(id)).toBe(t);
    }
  });

  it('floors a fractional clock reading', () => {
    expect(uuidV7Time(createUuidV7Generator(fixed(T + 0.9))())).toBe(T);
  });

  it('uuidV7Time refuses what is not a UUIDv7', () => {
    expect(() => uuidV7Time('nope')).toThrow(/not a UUIDv7/);
  });

  it('isUuidV7 rejects v4 ids and garbage', () => {
    expect(isUuidV7('550e8400-e29b-41d4-a716-446655440000')).toBe(false); // v4
    expect(isUuidV7(crypto.randomUUID())).toBe(false); // v4
    expect(isUuidV7('')).toBe(false);
    expect(isUuidV7('not-a-uuid')).toBe(false);
    expect(isUuidV7('018bcfe5-6800-7000-c000-000000000000')).toBe(false); // variant 110x
    expect(isUuidV7('018bcfe5-6800-7000-0000-000000000000')).toBe(false); // variant 0xxx
    expect(isUuidV7('018bcfe568007000800000000000000')).toBe(false); // no dashes
    expect(isUuidV7('018bcfe5-6800-7000-8000-000000000000 ')).toBe(false); // trailing space
    expect(isUuidV7('018bcfe5-6800-7000-8000-00000000000g')).toBe(false); // not hex
    expect(isUuidV7('018bcfe5-6800-7000-8000-000000000000')).toBe(true);
  });
});

describe('UUIDv7 monotonicity', () => {
  it('10,000 ids made in the same millisecond are strictly increasing and keep the time', () => {
    const gen = createUuidV7Generator(fixed(T));
    const ids = Array.from({ length: 10_000 }, gen);
    expectStrictlyIncreasing(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // the counter starts in its lower half, so at least 2,048 ids keep the clock's time
    expect(ids.slice(0, 2049).every((id) => uuidV7Time(id) === T)).toBe(true);
  });

  it('ids stay increasing when the clock goes backwards', () => {
    const readings = [T, T - 1, T - 1000, T, T - 5, 0, T + 1, T];
    let i = 0;
    const gen = createUuidV7Generator(() => readings[i++]!);
    const ids = readings.map(() => gen());
    expectStrictlyIncreasing(ids);
    // the time never goes back with the clock
    expect(uuidV7Time(ids[1]!)).toBe(T);
    expect(uuidV7Time(ids[5]!)).toBe(T);
    expect(uuidV7Time(ids[6]!)).toBe(T + 1);
    expect(uuidV7Time(ids[7]!)).toBe(T + 1);
  });

  it('counter overflow moves the time forward by 1 ms', () => {
    const gen = createUuidV7Generator(fixed(T), zeroFill);
    const ids = Array.from({ length: 4096 }, gen);
    expect(counterOf(ids[0]!)).toBe(0);
    expect(counterOf(ids[4095]!)).toBe(0xfff);
    expect(ids.every((id) => uuidV7Time(id) === T)).toBe(true);
    const next = gen();
    expect(uuidV7Time(next)).toBe(T + 1);
    expect(counterOf(next)).toBe(0);
    expect(next > ids[4095]!).toBe(true);
    // the clock still says T: the generator stays at T + 1 and counts on
    const after = gen();
    expect(uuidV7Time(after)).toBe(T + 1);
    expect(counterOf(after)).toBe(1);
  });

  it('a new millisecond starts the counter in its lower half', () => {
    const gen = createUuidV7Generator(fixed(T), (bytes) => bytes.fill(0xff));
    expect(counterOf(gen())).toBe(0x7ff);
  });

  it('property: for any clock readings, ids are strictly increasing as strings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 2 ** 47 }), fc.double({ min: 0, max: 2 ** 47, noNaN: true })), { minLength: 1, maxLength: 300 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 32 }),
        (readings, noise) => {
          let i = 0;
          let n = 0;
          const gen = createUuidV7Generator(
            () => readings[i++ % readings.length]!,
            (bytes) => {
              for (let k = 0; k < bytes.length; k++) bytes[k] = noise[n++ % noise.length]!;
            },
          );
          const ids = Array.from({ length: readings.length }, gen);
          for (let k = 1; k < ids.length; k++) if (!(ids[k - 1]! < ids[k]!)) return false;
          return ids.every(isUuidV7);
        },
      ),
      { numRuns: 300 },
    );
  });
});
