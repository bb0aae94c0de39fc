// A camera stream is "live" when getUserMedia resolves, but its <video> has no picture until the
// first frame arrives (a moment later, longer on a busy phone). A photo taken in between would be
// an empty canvas, so the shutter waits for that frame instead of losing the tap.

/** The part of an HTMLVideoElement this needs (tests pass a stand-in). */
export interface FrameSource {
  readonly videoWidth: number;
  readonly paused: boolean;
  play(): Promise<void>;
  addEventListener(type: 'loadeddata' | 'resize', listener: () => void): void;
  removeEventListener(type: 'loadeddata' | 'resize', listener: () => void): void;
}

/** True once `video` shows a frame; false when none came within `ms`. */
export function firstFrame(video: FrameSource, ms = 5000): Promise<boolean> {
  if (video.videoWidth > 0) return Promise.resolve(true);
  // a play() refused while the stream was being attached leaves the picture paused and empty
  if (video.paused) void video.play().catch(() => undefined);
  return new Promise((resolve) => {
    const check = () => {
      if (video.videoWidth > 0) done(true);
    };
    const done = (ok: boolean) => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', check);
      video.removeEventListener('resize', check);
      resolve(ok);
    };
    const timer = setTimeout(() => done(video.videoWidth > 0), ms);
    video.addEventListener('loadeddata', check);
    video.addEventListener('resize', check);
  });
}
