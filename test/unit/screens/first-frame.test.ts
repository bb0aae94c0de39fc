import { describe, expect, it, vi } from 'vitest';
import { firstFrame, type FrameSource } from '../../../src/screens/camera/first-frame';

/** A video stand-in whose first frame arrives when the test says. */
function fakeVideo(width = 0, paused = false) {
  const listeners = new Map<string, Set<() => void>>();
  const video = {
    videoWidth: width,
    paused,
    play: vi.fn(() => Promise.resolve()),
    addEventListener: (type: string, l: () => void) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(l),
    removeEventListener: (type: string, l: () => void) => void listeners.get(type)?.delete(l),
    frame(w = 640) {
      video.videoWidth = w;
      listeners.get('loadeddata')?.forEach((l) => l());
    },
    listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
  return video as typeof video & FrameSource;
}

describe('firstFrame', () => {
  it('answers at once when the picture is already there', async () => {
    expect(await firstFrame(fakeVideo(640))).toBe(true);
  });

  it('waits for the first frame instead of losing the tap', async () => {
    const video = fakeVideo();
    const result = firstFrame(video, 5000);
    video.frame();
    expect(await result).toBe(true);
    expect(video.listening()).toBe(0);
  });

  it('gives up after the wait, and starts a paused picture again', async () => {
    vi.useFakeTimers();
    try {
      const video = fakeVideo(0, true);
      const result = firstFrame(video, 5000);
      expect(video.play).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(5000);
      expect(await result).toBe(false);
      expect(video.listening()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
