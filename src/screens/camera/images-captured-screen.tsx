// /images-captured (issue 18): the photos taken on /image-capture, previewed with the chat's own
// preview (crop per photo), then sent through the chat's attachment path as one image selection.
import { useNavigate } from '@tanstack/react-router';
import { sendAttachment } from '../../db/commands';
import { MediaPreview } from '../chat/media-preview';
import { useBotParam } from '../bots/use-bot-param';
import { PageHeader } from '../shared/page-header';
import { useT } from '../shared/use-t';
import { clearCaptured, useCaptured } from './capture-tray';
import { NoBot } from './no-bot';
import './camera.css';

export default function ImagesCapturedScreen() {
  const t = useT();
  const navigate = useNavigate();
  const bot = useBotParam();
  const photos = useCaptured(bot);
  const backToCamera = () => void navigate({ to: '/image-capture', search: { bot }, replace: true });
  if (!bot) {
    return (
      <div className="camera">
        <PageHeader title={t('capture.review.title')} onFallback={() => void navigate({ to: '/home' })} />
        <NoBot />
      </div>
    );
  }
  if (photos.length === 0) {
    return (
      <div className="camera">
        <PageHeader title={t('capture.review.title')} onFallback={backToCamera} />
        <main className="camera__main">
          <div className="camera__problem" role="status">
            <p>{t('capture.review.empty')}</p>
            <button type="button" className="btn btn--primary" onClick={backToCamera}>{t('capture.photo.title')}</button>
          </div>
        </main>
      </div>
    );
  }
  return (
    <div className="camera">
      <MediaPreview kind="image" files={photos} onCancel={backToCamera}
        onSend={(crops) => {
          const files = photos;
          void sendAttachment(bot, 'image', files.map((f, i) => ({ blob: f, name: f.name, crop: crops[i] ?? null }))).then((result) => {
            if (!result.ok) return;
            clearCaptured();
            void navigate({ to: '/chat/$botUuid', params: { botUuid: bot }, replace: true });
          });
        }} />
    </div>
  );
}
