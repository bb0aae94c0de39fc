// The preview before an image or video is sent (spec part 1 §2 /image-preview, /image-crop,
// /video-preview, §5 image and video flows), as an overlay over the thread rather than routes:
// the chosen File objects live only in this page's memory, and a route would have to survive a
// reload without them. Images: a rectangular crop per image (not for GIFs, which are sent
// untouched); the crop itself, the scaling above 1920 px and the JPEG at 0.7 run in the sync
// worker at upload time. Several images: one at a time with a counter, all sent together.
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { Crop } from '../../db/commands/send-attachment';
import { useModalFocus } from '../../ui/focus-trap';
import '../../ui/button.css';
import './media-preview.css';

export interface MediaPreviewProps {
  kind: 'image' | 'video';
  files: readonly File[];
  onCancel: () => void;
  /** crops in each image's own pixels (null: the whole image) */
  onSend: (crops: (Crop | null)[]) => void;
}

/** A crop in fractions of the shown image (0..1). */
interface Box { x: number; y: number; w: number; h: number }
const FULL: Box = { x: 0, y: 0, w: 1, h: 1 };
const MIN = 0.1;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function CropBox({ box, onChange, label }: { box: Box; onChange: (b: Box) => void; label: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; x: number; y: number; start: Box } | null>(null);
  const begin = (mode: 'move' | 'resize') => (e: ReactPointerEvent) => {
    e.stopPropagation();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { mode, x: e.clientX, y: e.clientY, start: box };
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    const rect = frame.current?.getBoundingClientRect();
    if (!d || !rect) return;
    const dx = (e.clientX - d.x) / rect.width;
    const dy = (e.clientY - d.y) / rect.height;
    if (d.mode === 'move') onChange({ ...d.start, x: clamp(d.start.x + dx, 0, 1 - d.start.w), y: clamp(d.start.y + dy, 0, 1 - d.start.h) });
    else onChange({ ...d.start, w: clamp(d.start.w + dx, MIN, 1 - d.start.x), h: clamp(d.start.h + dy, MIN, 1 - d.start.y) });
  };
  const end = () => {
    drag.current = null;
  };
  // keyboard: arrows move, Shift+arrows resize (5 % a step)
  const onKey = (e: KeyboardEvent) => {
    const step = 0.05;
    const dx = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
    const dy = e.key === 'ArrowUp' ? -step : e.key === 'ArrowDown' ? step : 0;
    if (!dx && !dy) return;
    e.preventDefault();
    if (e.shiftKey) onChange({ ...box, w: clamp(box.w + dx, MIN, 1 - box.x), h: clamp(box.h + dy, MIN, 1 - box.y) });
    else onChange({ ...box, x: clamp(box.x + dx, 0, 1 - box.w), y: clamp(box.y + dy, 0, 1 - box.h) });
  };
  return (
    <div ref={frame} className="crop" onPointerMove={move} onPointerUp={end} onPointerCancel={end}>
      <div
        className="crop__box"
        role="group"
        tabIndex={0}
        aria-label={label}
        data-testid="crop-box"
        style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.w * 100}%`, height: `${box.h * 100}%` }}
        onPointerDown={begin('move')}
        onKeyDown={onKey}
      >
        <span className="crop__handle" aria-hidden="true" onPointerDown={begin('resize')} />
      </div>
    </div>
  );
}

export function MediaPreview({ kind, files, onCancel, onSend }: MediaPreviewProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref, onCancel);
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  const [index, setIndex] = useState(0);
  const [boxes, setBoxes] = useState<(Box | null)[]>(() => files.map(() => null));
  const [cropping, setCropping] = useState(false);
  const [natural, setNatural] = useState<Record<number, { w: number; h: number }>>({});
  const file = files[index];
  const isGif = file?.type === 'image/gif';
  const box = boxes[index] ?? null;

  const send = () => {
    onSend(files.map((_, i) => {
      const b = boxes[i];
      const n = natural[i];
      if (!b || !n || (b.x === 0 && b.y === 0 && b.w === 1 && b.h === 1)) return null;
      return { x: b.x * n.w, y: b.y * n.h, width: b.w * n.w, height: b.h * n.h };
    }));
  };
  const title = intl.formatMessage({ id: kind === 'image' ? 'attach.preview.image' : 'attach.preview.video' });

  return createPortal(
    <div className="preview" ref={ref} role="dialog" aria-modal="true" aria-label={title} data-testid={`${kind}-preview`}>
      <header className="preview__bar">
        <button type="button" className="preview__icon" onClick={onCancel} aria-label={intl.formatMessage({ id: 'attach.preview.close' })}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
        <h2 className="preview__title">{title}</h2>
        {files.length > 1 && <span className="preview__count">{intl.formatMessage({ id: 'attach.preview.count' }, { index: index + 1, count: files.length })}</span>}
      </header>
      <div className="preview__stage">
        {kind === 'video' ? (
          <video className="preview__media" src={urls[0]} controls aria-label={file?.name} />
        ) : (
          <div className="preview__frame">
            <img
              className="preview__media"
              src={urls[index]}
              alt={file?.name ?? ''}
              onLoad={(e) => {
                const img = e.currentTarget;
                setNatural((n) => ({ ...n, [index]: { w: img.naturalWidth, h: img.naturalHeight } }));
              }}
            />
            {cropping && <CropBox box={box ?? FULL} label={intl.formatMessage({ id: 'attach.preview.cropArea' })} onChange={(b) => setBoxes((all) => all.map((x, i) => (i === index ? b : x)))} />}
            {!cropping && box && <div className="crop crop--view" aria-hidden="true"><div className="crop__box" style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.w * 100}%`, height: `${box.h * 100}%` }} /></div>}
          </div>
        )}
      </div>
      {files.length > 1 && (
        <div className="preview__thumbs">
          {files.map((f, i) => (
            <button key={i} type="button" className={`preview__thumb${i === index ? ' preview__thumb--on' : ''}`} aria-pressed={i === index} aria-label={f.name} onClick={() => { setCropping(false); setIndex(i); }}>
              <img src={urls[i]} alt="" />
            </button>
          ))}
        </div>
      )}
      <footer className="preview__actions">
        {kind === 'image' && !isGif && (
          cropping ? (
            <>
              <button type="button" className="btn btn--secondary" onClick={() => setBoxes((all) => all.map((x, i) => (i === index ? null : x)))}><span className="btn__label">{intl.formatMessage({ id: 'attach.preview.cropReset' })}</span></button>
              <button type="button" className="btn btn--secondary" onClick={() => setCropping(false)}><span className="btn__label">{intl.formatMessage({ id: 'attach.preview.cropDone' })}</span></button>
            </>
          ) : (
            <button type="button" className="btn btn--secondary" onClick={() => { setBoxes((all) => all.map((x, i) => (i === index ? x ?? FULL : x))); setCropping(true); }}><span className="btn__label">{intl.formatMessage({ id: 'attach.preview.crop' })}</span></button>
          )
        )}
        <button type="button" className="btn btn--primary" onClick={send} data-testid="preview-send"><span className="btn__label">{intl.formatMessage({ id: 'attach.preview.send' })}</span></button>
      </footer>
    </div>,
    document.body,
  );
}
