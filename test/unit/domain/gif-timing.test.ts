import { describe, expect, it } from 'vitest';
import { effectiveFrameDelayCs, gifDisplayMs, gifLoopMs, parseGifFrameDelays } from '../../../src/domain/gif-timing';
import { GIF_MIN_DISPLAY_MS } from '../../../src/domain/constants';

/** A real GIF89a byte stream: 1x1 pixels, a global colour table, one image per delay (hundredths). */
function gif(delays: number[], opts: { localTable?: boolean; comment?: boolean } = {}): Uint8Array {
  const out: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  out.push(1, 0, 1, 0, 0x80, 0, 0); // 1x1, global table of 2 colours
  out.push(0, 0, 0, 255, 255, 255);
  out.push(0x21, 0xff, 11, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0); // loop forever
  if (opts.comment) out.push(0x21, 0xfe, 3, 0x61, 0x62, 0x63, 0);
  for (const delay of delays) {
    out.push(0x21, 0xf9, 4, 0, delay & 0xff, delay >> 8, 0, 0);
    out.push(0x2c, 0, 0, 0, 0, 1, 0, 1, 0, opts.localTable ? 0x80 : 0);
    if (opts.localTable) out.push(255, 0, 0, 0, 255, 0);
    out.push(2, 2, 0x44, 0x01, 0); // LZW min code size 2, one sub-block, end
  }
  out.push(0x3b);
  return Uint8Array.from(out);
}

describe('GIF frame delays (spec part 1 §9)', () => {
  it('reads each frame delay from its Graphic Control Extension, past tables and other extensions', () => {
    expect(parseGifFrameDelays(gif([5, 300, 0]))).toEqual([5, 300, 0]);
    expect(parseGifFrameDelays(gif([7, 8], { localTable: true, comment: true }))).toEqual([7, 8]);
  });

  it('answers null for bytes that are not a GIF', () => {
    expect(parseGifFrameDelays(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
  });

  it('keeps the frames read so far when the file is cut short', () => {
    const full = gif([20, 30, 40]);
    expect(parseGifFrameDelays(full.subarray(0, full.length - 20))).toEqual([20, 30]);
  });

  it('counts frames under 2 hundredths as 10', () => {
    expect(effectiveFrameDelayCs(0)).toBe(10);
    expect(effectiveFrameDelayCs(1)).toBe(10);
    expect(effectiveFrameDelayCs(2)).toBe(2);
    expect(gifLoopMs([0, 1, 2, 50])).toBe((10 + 10 + 2 + 50) * 10);
  });

  it('plays whole loops until at least 5 s have passed', () => {
    expect(gifDisplayMs([10, 10, 10])).toBe(17 * 300); // a 300 ms loop: 16 loops are 4.8 s, 17 reach 5.1 s
    expect(gifDisplayMs([250, 250])).toBe(GIF_MIN_DISPLAY_MS); // one 5 s loop exactly
    expect(gifDisplayMs([700])).toBe(7000); // a loop longer than 5 s plays once
    expect(gifDisplayMs([0, 0, 0, 0, 0])).toBe(GIF_MIN_DISPLAY_MS); // 5 short frames count as 0.5 s: 10 loops
    expect(gifDisplayMs([0, 1])).toBe(5000); // 0.2 s: 25 loops, not 0 ms
    expect(gifDisplayMs([])).toBe(GIF_MIN_DISPLAY_MS);
  });
});
