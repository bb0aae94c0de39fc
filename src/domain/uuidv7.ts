// UUIDv7 (RFC 9562 §5.7): 48 bits of Unix milliseconds, then random bits. Every message the user
// sends carries one as client_message_id, so ids made on one device sort in the order they were
// made, and the outbox can be read in send order by its primary key alone.
//
// Monotonic within a generator: ids made in the same millisecond (a burst of sends, a clock that
// went back) take the last time and count up in the 12-bit rand_a field (RFC 9562 §6.2, method 1);
// when that counter runs out, the time moves on by one millisecond.

export type RandomFill = (bytes: Uint8Array) => void;

const defaultFill: RandomFill = (bytes) => {
  globalThis.crypto.getRandomValues(bytes);
};

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MAX_COUNTER = 0xfff;

export function isUuidV7(id: string): boolean {
  return UUID_V7.test(id);
}

/** The millisecond time written into a UUIDv7. */
export function uuidV7Time(id: string): number {
  if (!isUuidV7(id)) throw new Error(`not a UUIDv7: ${id}`);
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/** A generator of increasing UUIDv7s; the clock and the random source are injectable for tests. */
export function createUuidV7Generator(now: () => number = Date.now, fill: RandomFill = defaultFill): () => string {
  let lastTime = -1;
  let counter = 0;
  return () => {
    let time = Math.floor(now());
    if (time > lastTime) {
      const seed = new Uint8Array(2);
      fill(seed);
      // start the counter in its lower half so a burst has room to count up
      counter = ((seed[0]! << 8) | seed[1]!) & 0x7ff;
    } else {
      time = lastTime;
      counter += 1;
      if (counter > MAX_COUNTER) {
        time += 1;
        counter = 0;
      }
    }
    lastTime = time;
    const bytes = new Uint8Array(16);
    fill(bytes);
    // 48-bit big-endian time (Math.floor keeps it exact; 2^48 ms reaches the year 10889)
    const high = Math.floor(time / 2 ** 16);
    bytes[0] = (high >>> 24) & 0xff;
    bytes[1] = (high >>> 16) & 0xff;
    bytes[2] = (high >>> 8) & 0xff;
    bytes[3] = high & 0xff;
    bytes[4] = (time >>> 8) & 0xff;
    bytes[5] = time & 0xff;
    bytes[6] = 0x70 | ((counter >>> 8) & 0x0f);
    bytes[7] = counter & 0xff;
    bytes[8] = 0x80 | (bytes[8]! & 0x3f);
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

/** The process-wide generator (one per realm: the page and the worker each have theirs). */
export const uuidv7: () => string = createUuidV7Generator();
