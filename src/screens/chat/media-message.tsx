// The media message types of spec part 1 §3 inside a bubble: image (GIFs too), audio, video,
// video_stream, document, media_list, youtube and article. Files on the server go through the
// media tile (download button, progress with cancel, then the media; auto-download per the
// Photo/Audio/Video setting); the bytes are read from the media cache as object URLs, so
// downloaded media shows offline. A user's own upload shows its local copy with the upload's
// progress and a cancel button. video_stream plays its URL in a <video>: browsers without native
// HLS (Chromium) play only progressive streams (mp4, webm); HLS playback is not provided.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MediaRef } from '../../api/messages';
import { cancelTransfer, downloadMedia, lookUpLinkTitle } from '../../db/commands';
import { useLinkTitle, useMediaFile, useMediaTransfer, useSettings } from '../../db/hooks';
import type { MessageDoc } from '../../db/ui-surface';
import { audioTitle, documentName, formatFileSize } from '../../domain/media-titles';
import { autoDownloads } from '../../domain/auto-download';
import { isLocalMedia, percentOf, tileState } from '../../domain/media-transfer';
import { MediaTile } from '../../ui/media-tile';
import { useOnline } from '../shared/use-online';
import './media-message.css';
import { GifImage } from './gif-image';

/** Message types this component renders. */
export const MEDIA_TYPES: ReadonlySet<string> = new Set(['image', 'audio', 'video', 'video_stream', 'document', 'media_list', 'youtube', 'article']);

const percentText = (intl: IntlShape, percent: number) => intl.formatNumber(percent / 100, { style: 'percent' });

const safeHttps = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
};

function UploadProgress({ clientId }: { clientId: string }) {
  const intl = useIntl();
  const transfer = useMediaTransfer(clientId);
  if (!transfer || transfer.kind !== 'upload' || transfer.state === 'done') return null;
  if (transfer.state === 'failed') {
    return <p className="media-msg__note" data-testid="upload-waiting">{intl.formatMessage({ id: 'media.upload.waiting' })}</p>;
  }
  const percent = percentOf(transfer);
  return (
    <div className="media-msg__upload" data-testid="upload-progress">
      <div role="progressbar" aria-label={intl.formatMessage({ id: 'media.upload.progress' })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={percentText(intl, percent)} className="media-tile__bar">
        <div className="media-tile__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="media-tile__percent" aria-hidden="true">{percentText(intl, percent)}</span>
      <button type="button" className="media-tile__cancel" onClick={() => void cancelTransfer(clientId)} aria-label={intl.formatMessage({ id: 'media.upload.cancel' })}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
    </div>
  );
}

/** One server file through the media tile; `render` draws it once its object URL exists. */
function Downloadable({ media, shape, render }: { media: MediaRef; shape: 'frame' | 'row'; render: (objectUrl: string) => ReactNode }) {
  const intl = useIntl();
  const online = useOnline();
  const settings = useSettings();
  const transfer = useMediaTransfer(media.url);
  // The cache is checked again when the transfer's state changes and when a download this tile
  // asked for settles: the state alone missed a finished download now and then (CI saw 1 of 6
  // catalogue pictures: the page's copy of 'media-transfers' never showed the others "done"), and
  // a tap on a file already cached changes no state at all.
  const [settled, setSettled] = useState(0);
  const file = useMediaFile(media.url, `${transfer?.state ?? ''}/${settled}`);
  const state = tileState(file.objectUrl !== null, transfer);
  const asked = useRef(false);
  const fetchFile = useCallback(() => {
    const recheck = () => setSettled((n) => n + 1);
    void downloadMedia(media.url).then(recheck, recheck);
  }, [media.url]);
  useEffect(() => {
    // auto-download (spec part 1 §4): once per tile, when the setting covers this kind of media
    if (asked.current || !file.checked || file.objectUrl || !settings.loaded || !online || isLocalMedia(media.url)) return;
    if (transfer && transfer.state !== 'done') return;
    if (!autoDownloads(settings.doc.autoDownload, media.content_type)) return;
    asked.current = true;
    fetchFile();
  }, [file.checked, file.objectUrl, settings.loaded, settings.doc.autoDownload, online, media.url, media.content_type, transfer, fetchFile]);
  const size = media.size ? formatFileSize(media.size) : '';
  const sizeText = size ? intl.formatMessage({ id: 'media.download.button' }, { size }) : intl.formatMessage({ id: 'media.download.button' }, { size: '…' });
  return (
    <MediaTile
      state={state}
      shape={shape}
      testId="media-tile"
      downloadLabel={sizeText}
      retryLabel={intl.formatMessage({ id: 'media.download.retry' }, { size: size || '…' })}
      cancelLabel={intl.formatMessage({ id: 'media.download.cancel' })}
      progressLabel={intl.formatMessage({ id: 'media.download.progress' })}
      percentText={state.kind === 'downloading' ? percentText(intl, state.percent) : ''}
      onDownload={fetchFile}
      onCancel={() => void cancelTransfer(media.url)}
    >
      {file.objectUrl ? render(file.objectUrl) : null}
    </MediaTile>
  );
}

/**
 * A server picture through the media tile (auto-downloaded per the Photo setting, else a
 * download button), then the image from the media cache: message images and the pictures of
 * cards, products and catalogue products.
 */
export function ImageView({ media, alt }: { media: MediaRef; alt: string }) {
  return (
    <Downloadable media={media} shape="frame" render={(src) => (media.content_type.toLowerCase() === 'image/gif'
      ? <GifImage src={src} alt={alt} width={media.width} height={media.height} />
      : <img className="media-msg__image" src={src} alt={alt} width={media.width} height={media.height} data-testid="media-image" />
    )} />
  );
}

function YoutubeCard({ url, videoId }: { url: string; videoId: string }) {
  const intl = useIntl();
  const title = useLinkTitle(url);
  const online = useOnline();
  useEffect(() => {
    // looked up once per URL: the engine answers from 'link-titles' when it knows it
    if (title === undefined && online) void lookUpLinkTitle(url);
  }, [title, url, online]);
  const id = /^[A-Za-z0-9_-]{6,20}$/.test(videoId) ? videoId : null;
  const href = id ? `https://www.youtube.com/watch?v=${id}` : null;
  return (
    <div className="media-msg__card" data-testid="youtube-card">
      <span className="media-msg__badge" aria-hidden="true">▶</span>
      <div className="media-msg__card-body">
        <strong className="media-msg__card-title">{title ?? intl.formatMessage({ id: 'media.youtube.title' })}</strong>
        {href && <a className="media-msg__link" href={href} target="_blank" rel="noopener noreferrer">{intl.formatMessage({ id: 'media.youtube.open' })}</a>}
      </div>
    </div>
  );
}

export function MediaMessage({ doc }: { doc: MessageDoc }) {
  const intl = useIntl();
  const m = doc.message;
  const media = m.media;
  const pendingUpload = doc.from === 'user' && doc.status === 'pending' && doc.client_message_id ? doc.client_message_id : null;
  const caption = media?.caption ? <p className="media-msg__caption">{media.caption}</p> : null;
  const upload = pendingUpload ? <UploadProgress clientId={pendingUpload} /> : null;

  switch (doc.type) {
    case 'image':
      if (!media) break;
      return <div className="media-msg">{<ImageView media={media} alt={media.caption ?? intl.formatMessage({ id: 'media.image.alt' })} />}{upload}{caption}</div>;
    case 'video':
      if (!media) break;
      return (
        <div className="media-msg">
          <Downloadable media={media} shape="frame" render={(src) => (
            <video className="media-msg__video" src={src} controls preload="metadata" aria-label={media.caption ?? intl.formatMessage({ id: 'media.video.label' })} data-testid="media-video" />
          )} />
          {upload}{caption}
        </div>
      );
    case 'audio': {
      if (!media) break;
      const title = audioTitle(media.name ?? media.caption ?? intl.formatMessage({ id: 'media.audio.label' }));
      return (
        <div className="media-msg">
          <p className="media-msg__title" title={media.name}>{title}</p>
          <Downloadable media={media} shape="row" render={(src) => (
            <audio className="media-msg__audio" src={src} controls preload="metadata" aria-label={title} data-testid="media-audio" />
          )} />
          {upload}
        </div>
      );
    }
    case 'document': {
      if (!media) break;
      const name = documentName(media.name ?? 'document');
      const size = media.size ? formatFileSize(media.size) : '';
      return (
        <div className="media-msg">
          <div className="media-msg__doc">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28"><path d="M6 2h8l5 5v15H6zM14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" /></svg>
            <div className="media-msg__doc-text">
              <span className="media-msg__doc-name" title={media.name} data-testid="document-name">{name}</span>
              {size && <span className="media-msg__doc-size">{size}</span>}
            </div>
          </div>
          <Downloadable media={media} shape="row" render={(src) => (
            <a className="media-msg__link" href={src} download={media.name ?? 'document'} target="_blank" rel="noopener noreferrer">
              {intl.formatMessage({ id: 'media.document.open' })}<span className="visually-hidden"> {name}</span>
            </a>
          )} />
          {upload}
        </div>
      );
    }
    case 'media_list': {
      const list = m.media_list ?? [];
      return (
        <div className="media-msg">
          <ul className="media-msg__grid" aria-label={intl.formatMessage({ id: 'media.list.label' }, { count: list.length })}>
            {list.map((item, i) => (
              <li key={`${item.url}-${i}`}>
                {item.content_type.startsWith('video/')
                  ? <Downloadable media={item} shape="frame" render={(src) => <video className="media-msg__video" src={src} controls preload="metadata" aria-label={item.caption ?? intl.formatMessage({ id: 'media.video.label' })} />} />
                  : <ImageView media={item} alt={item.caption ?? intl.formatMessage({ id: 'media.image.alt' })} />}
              </li>
            ))}
          </ul>
          {m.text?.body && <p className="media-msg__caption">{m.text.body}</p>}
        </div>
      );
    }
    case 'video_stream': {
      const src = safeHttps(media?.url);
      return (
        <div className="media-msg">
          {src
            ? <video className="media-msg__video" src={src} controls preload="none" aria-label={media?.caption ?? intl.formatMessage({ id: 'media.stream.label' })} data-testid="media-stream" />
            : <p className="media-msg__note">{intl.formatMessage({ id: 'media.stream.unavailable' })}</p>}
          {caption}
        </div>
      );
    }
    case 'youtube':
      if (!m.youtube) break;
      return <div className="media-msg"><YoutubeCard url={m.youtube.url} videoId={m.youtube.video_id} />{m.text?.body && <p className="media-msg__caption">{m.text.body}</p>}</div>;
    case 'article': {
      const a = m.article;
      if (!a) break;
      const href = safeHttps(a.url);
      return (
        <div className="media-msg">
          <article className="media-msg__card media-msg__card--article" data-testid="article-card">
            <div className="media-msg__card-body">
              <strong className="media-msg__card-title">{a.title}</strong>
              {a.description && <p className="media-msg__card-desc">{a.description}</p>}
              {href && <a className="media-msg__link" href={href} target="_blank" rel="noopener noreferrer">{intl.formatMessage({ id: 'media.article.open' })}<span className="visually-hidden">: {a.title}</span></a>}
            </div>
          </article>
        </div>
      );
    }
    default:
      break;
  }
  return null;
}
