// How long a GIF is shown (spec part 1 §9): at least GIF_MIN_DISPLAY_MS, and frames whose delay
// is under GIF_MIN_FRAME_DELAY_CS hundredths count as GIF_SHORT_FRAME_DELAY_AS_CS (browsers play
// such frames at that speed too, so the count matches what the user sees). The delays come from
// the file itself: each Graphic Control Extension (0x21 0xF9) holds the delay of the next image.
import { GIF_MIN_DISPLAY_MS, GIF_MIN_FRAME_DELAY_CS, GIF_SHORT_FRAME_DELAY_AS_CS } from './constants';

/** Frame delays in hundredths of a second, one per image of the GIF; null when not a GIF. */
export function parseGifFrameDelays(bytes: Uint8Array): number[] | null {
  const ascii = String.fromCharCode(...bytes.subarray(0, 6));
  if (ascii !== 'GIF87a' && ascii !== 'GIF89a') return null;
  if (bytes.length < 13) return null;
  let pos = 13;
  const flags = bytes[10]!;
  if (flags & 0x80) pos += 3 * (1 << ((flags & 0x07) + 1)); // global colour table
  const delays: number[] = [];
  let pendingDelay = 0;
  const skipSubBlocks = (): boolean => {
    while (pos < bytes.length) {
      const size = bytes[pos]!;
      pos += 1;
      if (size === 0) return true;
      pos += size;
    }
    return false;
  };
  while (pos < bytes.length) {
    const block = bytes[pos]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      const label = bytes[pos + 1];
      if (label === 0xf9 && pos + 5 < bytes.length) {
        // 0x21 0xF9 0x04 <packed> <delay lo> <delay hi> <transparent> 0x00
        pendingDelay = bytes[pos + 4]! | (bytes[pos + 5]! << 8);
      }
      pos += 2;
      if (!skipSubBlocks()) return delays.length ? delays : null;
    } else if (block === 0x2c) {
      if (pos + 10 > bytes.length) break;
      const imageFlags = bytes[pos + 9]!;
      pos += 10;
      if (imageFlags & 0x80) pos += 3 * (1 << ((imageFlags & 0x07) + 1)); // local colour table
      pos += 1; // LZW minimum code size
      if (!skipSubBlocks()) {
        delays.push(pendingDelay);
        break;
      }
      delays.push(pendingDelay);
      pendingDelay = 0;
    } else {
      break; // not a block a GIF may hold: stop with what was read
    }
  }
  return delays;
}

/** One frame's delay as shown, in hundredths: short frames count as GIF_SHORT_FRAME_DELAY_AS_CS. */
export function effectiveFrameDelayCs(delayCs: number): number {
  return delayCs < GIF_MIN_FRAME_DELAY_CS ? GIF_SHORT_FRAME_DELAY_AS_CS : delayCs;
}

/** One loop of the animation, in ms. */
export function gifLoopMs(delaysCs: readonly number[]): number {
  return delaysCs.reduce((sum, d) => sum + effectiveFrameDelayCs(d), 0) * 10;
}

/**
 * How long the GIF plays before it rests on a still frame: whole loops, as few as reach
 * GIF_MIN_DISPLAY_MS (a long GIF plays once; a still GIF, one frame, is simply shown).
 */
export function gifDisplayMs(delaysCs: readonly number[]): number {
  const loop = gifLoopMs(delaysCs);
  if (loop <= 0) return GIF_MIN_DISPLAY_MS;
  return Math.ceil(GIF_MIN_DISPLAY_MS / loop) * loop;
}
