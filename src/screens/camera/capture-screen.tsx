// The camera capture routes (issue 18; spec part 1 §2): /image-capture takes several photos and
// goes on to /images-captured; /video-capture records a video (MediaRecorder) and previews it;
// /desktop-media-capture is both, with a switch (what the chat's attach menu opens where the
// browser has a camera but no native capture). What is sent goes the chat's normal attachment
// path: sendAttachment keeps each file on the device and queues its message in the outbox.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { sendAttachment } from '../../db/commands';
import { IMAGE_COMPRESSION_QUALITY, MAX_FILES_PER_UPLOAD } from '../../domain/constants';
import { Button } from '../../ui/button';
import { MediaPreview } from '../chat/media-preview';
import { useBotParam } from '../bots/use-bot-param';
import { PageHeader } from '../shared/page-header';
import { useT } from '../shared/use-t';
import { CameraView } from './camera-view';
import { firstFrame } from './first-frame';
import { addCaptured, capturedCount, useCaptured } from './capture-tray';
import { useCamera } from './use-camera';
import { NoBot } from './no-bot';
import './camera.css';

type Mode = 'photo' | 'video';

/** The recorder's format: mp4 where the browser records it (the spec's recorded video), else WebM. */
function recordingType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return ['video/mp4', 'video/webm;codecs=vp8,opus', 'video/webm'].find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function CaptureView({ bot, initial, switchable }: { bot: string; initial: Mode; switchable: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(initial);
  const { state, retry } = useCamera(mode === 'video');
  const video = useRef<HTMLVideoElement>(null);
  const photos = useCaptured(bot);
  const [recording, setRecording] = useState<{ recorder: MediaRecorder; startedAt: number } | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [clip, setClip] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const live = state.status === 'live';

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - recording.startedAt) / 1000)), 500);
    return () => clearInterval(timer);
  }, [recording]);

  const takePhoto = async () => {
    const el = video.current;
    if (!el) return;
    if (!(await firstFrame(el))) {
      setProblem(t('camera.failed'));
      return;
    }
    setProblem(null);
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')?.drawImage(el, 0, 0);
    canvas.toBlob((blob) => {
      if (blob) addCaptured(bot, new File([blob], `photo-${stamp()}-${capturedCount(bot) + 1}.jpg`, { type: 'image/jpeg' }));
    }, 'image/jpeg', IMAGE_COMPRESSION_QUALITY);
  };

  const startRecording = () => {
    const type = recordingType();
    if (state.status !== 'live' || !type) {
      setProblem(t('capture.video.unsupported'));
      return;
    }
    const recorder = new MediaRecorder(state.stream, { mimeType: type });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      const base = type.split(';')[0]!;
      setClip(new File(chunks, `video-${stamp()}.${base === 'video/mp4' ? 'mp4' : 'webm'}`, { type: base }));
    };
    recorder.start(1000);
    setSeconds(0);
    setRecording({ recorder, startedAt: Date.now() });
  };
  const stopRecording = () => {
    recording?.recorder.stop();
    setRecording(null);
  };

  const full = photos.length >= MAX_FILES_PER_UPLOAD;
  return (
    <main className="camera__main">
      {switchable && (
        <div className="camera__modes" role="radiogroup" aria-label={t('capture.mode')}>
          {(['photo', 'video'] as const).map((m) => (
            <button key={m} type="button" role="radio" aria-checked={mode === m} className={`camera__mode${mode === m ? ' camera__mode--on' : ''}`}
              disabled={recording !== null} onClick={() => setMode(m)}>
              {t(m === 'photo' ? 'capture.mode.photo' : 'capture.mode.video')}
            </button>
          ))}
        </div>
      )}
      <CameraView state={state} onRetry={retry} videoRef={video} label={t('capture.camera')}>
        {recording && <p className="camera__rec" role="timer" aria-live="off">{t('capture.video.elapsed', { seconds })}</p>}
      </CameraView>
      {problem && <p className="camera__hint" role="alert">{problem}</p>}
      {live && mode === 'photo' && (
        <div className="camera__bar">
          <span className="camera__count" role="status">{t('capture.photo.count', { n: photos.length, max: MAX_FILES_PER_UPLOAD })}</span>
          <button type="button" className="camera__shutter" onClick={() => void takePhoto()} disabled={full} aria-label={t('capture.photo.take')} data-testid="capture-shutter" />
          <Button disabled={photos.length === 0} onClick={() => void navigate({ to: '/images-captured', search: { bot } })}>{t('capture.photo.done')}</Button>
        </div>
      )}
      {live && mode === 'video' && (
        <div className="camera__bar">
          <button type="button" className={`camera__shutter camera__shutter--video${recording ? ' camera__shutter--recording' : ''}`}
            onClick={recording ? stopRecording : startRecording} aria-label={t(recording ? 'capture.video.stop' : 'capture.video.start')} data-testid="capture-record" />
        </div>
      )}
      {clip && (
        <MediaPreview kind="video" files={[clip]} onCancel={() => setClip(null)}
          onSend={() => {
            const file = clip;
            setClip(null);
            void sendAttachment(bot, 'video', [{ blob: file, name: file.name }]).then((result) => {
              if (result.ok) void navigate({ to: '/chat/$botUuid', params: { botUuid: bot }, replace: true });
              else setProblem(t('attach.failed'));
            });
          }} />
      )}
    </main>
  );
}

function captureScreen(mode: Mode | 'desktop') {
  return function CaptureScreen() {
    const t = useT();
    const navigate = useNavigate();
    const bot = useBotParam();
    const title = t(mode === 'video' ? 'capture.video.title' : mode === 'photo' ? 'capture.photo.title' : 'capture.desktop.title');
    return (
      <div className="camera">
        <PageHeader title={title} onFallback={() => void (bot ? navigate({ to: '/chat/$botUuid', params: { botUuid: bot } }) : navigate({ to: '/home' }))} />
        {bot ? <CaptureView bot={bot} initial={mode === 'video' ? 'video' : 'photo'} switchable={mode === 'desktop'} /> : <NoBot />}
      </div>
    );
  };
}

export const ImageCaptureScreen = captureScreen('photo');
export const VideoCaptureScreen = captureScreen('video');
export const DesktopMediaCaptureScreen = captureScreen('desktop');
