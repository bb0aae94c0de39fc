import { describe, expect, it } from 'vitest';
import {
  isLocalMedia, localMediaKey, needsUpload, nextTransfer, percentOf, scaledSize, tileState, worthReporting, type Transfer,
} from '../../../src/domain/media-transfer';

const run = (events: Parameters<typeof nextTransfer>[2][], kind: Transfer['kind'] = 'upload'): Transfer | null =>
  events.reduce<Transfer | null>((t, e) => nextTransfer(t, kind, e), null);

describe('transfer state machine (spec part 1 §4 media, §8 failures)', () => {
  it('start → progress → done ends at 100 % with no aborted flag', () => {
    const t = run([{ type: 'start', total: 1000, at: 1 }, { type: 'progress', loaded: 400, at: 2 }, { type: 'done', at: 3 }]);
    expect(t).toMatchObject({ state: 'done', loaded: 1000, total: 1000, aborted: false });
    expect(percentOf(t)).toBe(100);
  });
  it('a failure resets the progress and sets the aborted flag', () => {
    const t = run([{ type: 'start', total: 1000, at: 1 }, { type: 'progress', loaded: 700, at: 2 }, { type: 'fail', at: 3 }]);
    expect(t).toMatchObject({ state: 'failed', loaded: 0, aborted: true });
    expect(percentOf(t)).toBe(0);
  });
  it('a retry (start again) clears the aborted flag and starts from 0', () => {
    const t = run([{ type: 'start', total: 10, at: 1 }, { type: 'fail', at: 2 }, { type: 'start', total: 10, at: 3 }]);
    expect(t).toMatchObject({ state: 'running', loaded: 0, aborted: false });
  });
  it('progress never goes backwards and is ignored once finished', () => {
    const t = run([{ type: 'start', total: 100, at: 1 }, { type: 'progress', loaded: 60, at: 2 }, { type: 'progress', loaded: 30, at: 3 }]);
    expect(t?.loaded).toBe(60);
    const done = run([{ type: 'start', total: 100, at: 1 }, { type: 'done', at: 2 }, { type: 'progress', loaded: 5, at: 3 }]);
    expect(done).toMatchObject({ state: 'done', loaded: 100 });
  });
  it('a download of unknown size learns its total from progress', () => {
    const t = run([{ type: 'start', total: 0, at: 1 }, { type: 'progress', loaded: 50, total: 200, at: 2 }], 'download');
    expect(percentOf(t)).toBe(25);
  });
  it('percent is whole, clamped to 0..100; progress is written only on a new whole percent', () => {
    expect(percentOf({ state: 'running', loaded: 999, total: 1000 })).toBe(99);
    expect(percentOf({ state: 'running', loaded: 5000, total: 1000 })).toBe(100);
    expect(percentOf({ state: 'running', loaded: 10, total: 0 })).toBe(0);
    expect(worthReporting(9, 95, 1000)).toBe(false);
    expect(worthReporting(9, 100, 1000)).toBe(true);
    expect(worthReporting(-1, 0, 0)).toBe(false);
  });
});

describe('media tile (idle, downloading 0–100 cancellable, shown)', () => {
  const downloading: Transfer = { kind: 'download', state: 'running', loaded: 30, total: 100, aborted: false, at: 1 };
  it('cached bytes are shown whatever the transfer says', () => {
    expect(tileState(true, null)).toEqual({ kind: 'shown' });
    expect(tileState(true, downloading)).toEqual({ kind: 'shown' });
  });
  it('a running download shows its percent', () => {
    expect(tileState(false, downloading)).toEqual({ kind: 'downloading', percent: 30 });
  });
  it('idle offers the download; after a failure it is marked aborted (retry)', () => {
    expect(tileState(false, null)).toEqual({ kind: 'idle', aborted: false });
    expect(tileState(false, { ...downloading, state: 'failed', loaded: 0, aborted: true })).toEqual({ kind: 'idle', aborted: true });
  });
  it('an upload of the same key is not a download', () => {
    expect(tileState(false, { ...downloading, kind: 'upload' })).toEqual({ kind: 'idle', aborted: false });
  });
});

describe('image scaling (max 1920 px)', () => {
  it.each([
    [1920, 1080, 1920, 1080, false], [4000, 3000, 1920, 1440, true], [1000, 5000, 384, 1920, true], [1921, 10, 1920, 10, true], [100, 100, 100, 100, false],
  ])('%i×%i → %i×%i', (w, h, ew, eh, scaled) => {
    expect(scaledSize(w, h)).toEqual({ width: ew, height: eh, scaled });
  });
});

describe('uploads', () => {
  it('a media message needs its upload until the server named its file', () => {
    expect(needsUpload({ type: 'image', media: { media_uuid: '' } })).toBe(true);
    expect(needsUpload({ type: 'document', media: { media_uuid: 'u' } })).toBe(false);
    expect(needsUpload({ type: 'text' })).toBe(false);
    expect(isLocalMedia(localMediaKey('abc'))).toBe(true);
    expect(isLocalMedia('/api/media/abc')).toBe(false);
  });
});
