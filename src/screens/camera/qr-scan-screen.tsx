// /qr-code-scan (issue 18): the camera looks for a QR code; a code that names a bot or a screen
// of this app opens it (with the QR sound); anything else is shown as text and not opened
// (src/domain/qr-link.ts says why). Works offline: a bot's chat opens from the device.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { MEMBER_PATHS } from '../../app/route-guards';
import { qrTarget } from '../../domain/qr-link';
import { Button } from '../../ui/button';
import { PageHeader } from '../shared/page-header';
import { useSound } from '../shared/use-sound';
import { useT } from '../shared/use-t';
import { CameraView } from './camera-view';
import { createQrDecoder } from './qr-decoder';
import { useCamera } from './use-camera';
import './camera.css';

/** How often a frame is read: often enough to feel instant, rarely enough to spare a slow phone. */
const SCAN_EVERY_MS = 200;

export default function QrScanScreen() {
  const t = useT();
  const navigate = useNavigate();
  const router = useRouter();
  const play = useSound();
  const [shown, setShown] = useState<string | null>(null);
  const scanning = shown === null;
  const { state, retry } = useCamera();
  const video = useRef<HTMLVideoElement>(null);
  const known = useMemo(() => new Set<string>(MEMBER_PATHS.filter((p) => !p.includes('$'))), []);
  const live = state.status === 'live';

  useEffect(() => {
    if (!live || !scanning) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = (text: string) => {
      play('qr-scanned');
      const target = qrTarget(text, window.location.origin, known);
      if (target.kind === 'bot') void navigate({ to: '/chat/$botUuid', params: { botUuid: target.botUuid } });
      else if (target.kind === 'app') {
        const query = new URLSearchParams(target.search).toString();
        router.history.push(query ? `${target.path}?${query}` : target.path);
      }
      else setShown(target.text);
    };
    void createQrDecoder().then((decode) => {
      const tick = async () => {
        if (stopped) return;
        const el = video.current;
        const text = el ? await decode(el).catch(() => null) : null;
        if (stopped) return;
        if (text) open(text);
        else timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [live, scanning, known, navigate, router, play]);

  return (
    <div className="camera">
      <PageHeader title={t('qr.title')} onFallback={() => void navigate({ to: '/home' })} />
      <main className="camera__main">
        {shown === null ? (
          <>
            <CameraView state={state} onRetry={retry} videoRef={video} label={t('qr.camera')}>
              <div className="camera__qr-frame" aria-hidden="true" />
            </CameraView>
            {live && <p className="camera__hint" role="status">{t('qr.hint')}</p>}
          </>
        ) : (
          <section className="camera__result" aria-labelledby="qr-result-title" data-testid="qr-result">
            <h2 id="qr-result-title">{t('qr.other.title')}</h2>
            <p className="camera__result-note">{t('qr.other.body')}</p>
            <pre className="camera__result-text" data-testid="qr-result-text">{shown}</pre>
            <Button onClick={() => setShown(null)}>{t('qr.again')}</Button>
          </section>
        )}
      </main>
    </div>
  );
}
