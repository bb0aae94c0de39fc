// The live camera picture, or the translated state that takes its place when it cannot show.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import type { CameraState } from './use-camera';

export function CameraView({ state, onRetry, videoRef, label, children }: {
  state: CameraState;
  onRetry: () => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** the accessible name of the live picture */
  label: string;
  /** drawn over the picture (the QR frame) */
  children?: ReactNode;
}) {
  const t = useT();
  const attached = useRef<MediaStream | null>(null);
  const stream = state.status === 'live' ? state.stream : null;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream || attached.current === stream) return;
    attached.current = stream;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
  }, [stream, videoRef]);

  if (state.status === 'live' || state.status === 'starting') {
    return (
      <div className="camera__stage">
        <video ref={videoRef} className="camera__video" muted playsInline aria-label={label} data-testid="camera-video" />
        {state.status === 'starting' && <p className="camera__note" role="status">{t('camera.starting')}</p>}
        {children}
      </div>
    );
  }
  const text = {
    denied: t('camera.denied'),
    'no-camera': t('camera.noCamera'),
    unsupported: t('camera.unsupported'),
    failed: t('camera.failed'),
  }[state.status];
  return (
    <div className="camera__problem" role="alert" data-testid={`camera-${state.status}`}>
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <path d="M4 7h3l2-2h6l2 2h3v12H4z M3 3l18 18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
      <p>{text}</p>
      {state.status !== 'unsupported' && <Button onClick={onRetry}>{t('camera.retry')}</Button>}
    </div>
  );
}
