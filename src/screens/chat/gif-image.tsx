// A GIF in the thread (spec part 1 §9): it plays for whole loops until at least 5 s have passed
// (gifDisplayMs, from the file's own frame delays), then rests on the frame it reached, with a
// control to play it again. A GIF that loops forever would otherwise move at the edge of the
// eye for as long as the thread is open.
import { useEffect, useRef, useState } from 'react';
import { gifDisplayMs, parseGifFrameDelays } from '../../domain/gif-timing';
import { useT } from '../shared/use-t';

export function GifImage({ src, alt, width, height }: { src: string; alt: string; width?: number; height?: number }) {
  const t = useT();
  const img = useRef<HTMLImageElement>(null);
  const [still, setStill] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (still !== null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    // src is the media cache's object URL: the bytes are on the device, no network here
    void fetch(src)
      .then((res) => res.arrayBuffer())
      .then((buffer) => {
        const delays = parseGifFrameDelays(new Uint8Array(buffer));
        if (gone || !delays || delays.length < 2) return; // one frame: nothing moves
        timer = setTimeout(() => {
          const el = img.current;
          if (!el || el.naturalWidth === 0) return;
          const canvas = document.createElement('canvas');
          canvas.width = el.naturalWidth;
          canvas.height = el.naturalHeight;
          canvas.getContext('2d')?.drawImage(el, 0, 0);
          setStill(canvas.toDataURL('image/png'));
        }, gifDisplayMs(delays));
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [src, still, round]);

  if (still !== null) {
    return (
      <button type="button" className="media-msg__gif-replay" onClick={() => { setStill(null); setRound((n) => n + 1); }} aria-label={t('media.gif.replay')} data-testid="gif-replay">
        <img className="media-msg__image" src={still} alt={alt} width={width} height={height} data-testid="media-image" data-gif="still" />
        <span className="media-msg__gif-badge" aria-hidden="true">GIF ▶</span>
      </button>
    );
  }
  // key: a new element restarts the animation from its first frame
  return <img key={round} ref={img} className="media-msg__image" src={src} alt={alt} width={width} height={height} data-testid="media-image" data-gif="playing" />;
}
