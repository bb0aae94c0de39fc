// The attach button of the composer and its menu (spec part 1 §6: options by allow_user_media
// and the device's capture abilities), the file checks of §5 with their toasts (§8), and the
// flows: image → preview with crop → send; video → preview → send; document → confirm
// 'Send "{file name}" to {bot name}'; audio → sent at once. The bot's configuration is fetched
// once when unknown; offline with none known, the button stays hidden (nothing could be checked).
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import { loadBotConfiguration, sendAttachment } from '../../db/commands';
import { useBotConfig, useConversation } from '../../db/hooks';
import {
  acceptFor, attachmentMenu, checkFiles, type AttachmentFlow, type AttachmentOption, type DeviceCapabilities,
} from '../../domain/attachment-rules';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FileToast } from '../../ui/file-toast';
import { useOnline } from '../shared/use-online';
import { MediaPreview } from './media-preview';
import './attach-control.css';

/** What this device can capture: native capture on touch devices; a camera the browser can open elsewhere. */
function deviceCapabilities(): DeviceCapabilities {
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const input = document.createElement('input');
  const nativeCapture = touch && 'capture' in input;
  const browserCamera = typeof navigator.mediaDevices?.getUserMedia === 'function';
  return { nativeCapture, browserCamera };
}

type Pending =
  | { flow: 'image' | 'video'; files: File[] }
  | { flow: 'document'; files: File[] }
  | null;

export function AttachControl({ botUuid, disabled, onLocation }: { botUuid: string; disabled?: boolean; onLocation?: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const online = useOnline();
  const config = useBotConfig(botUuid);
  const botName = useConversation(botUuid).value?.name ?? '';
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [caps] = useState(deviceCapabilities);
  const input = useRef<HTMLInputElement>(null);
  const menuId = useId();
  const asked = useRef(false);

  useEffect(() => {
    if (config.loaded && config.allowUserMedia === null && online && !asked.current) {
      asked.current = true;
      void loadBotConfiguration(botUuid);
    }
  }, [config.loaded, config.allowUserMedia, online, botUuid]);

  const options = attachmentMenu(config.allowUserMedia === true, caps, true).filter((o) => o !== 'location' || onLocation);
  if (options.length === 0) return null;

  const send = async (flow: AttachmentFlow, files: readonly File[], crops: readonly ({ x: number; y: number; width: number; height: number } | null)[] = []) => {
    const result = await sendAttachment(botUuid, flow, files.map((f, i) => ({ blob: f, name: f.name, crop: crops[i] ?? null })));
    if (!result.ok) setToast(intl.formatMessage({ id: 'attach.failed' }));
  };

  const choose = (option: AttachmentOption) => {
    setOpen(false);
    if (option === 'location') {
      onLocation?.();
      return;
    }
    if (option === 'camera-image' && !caps.nativeCapture) {
      // a browser camera with no native capture: the app's own camera screen (photos or a video),
      // which hands what it takes back to this chat's attachment path (src/screens/camera)
      void navigate({ to: '/desktop-media-capture', search: { bot: botUuid } });
      return;
    }
    const el = input.current;
    if (!el) return;
    el.accept = acceptFor(option);
    el.multiple = option === 'image-gallery';
    if (option === 'camera-image') el.setAttribute('capture', 'environment');
    else if (option === 'video-recording') el.setAttribute('capture', 'camcorder');
    else el.removeAttribute('capture');
    el.value = '';
    el.click();
  };

  const onFiles = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length === 0) return;
    const check = checkFiles(files.map((f) => ({ name: f.name, type: f.type, size: f.size })));
    if (!check.ok) {
      // spec part 1 §5: one failure blocks the whole selection
      setToast(intl.formatMessage({ id: check.error.id }, check.error.values));
      return;
    }
    if (check.flow === 'audio') void send('audio', files);
    else setPending({ flow: check.flow, files });
  };

  return (
    <div className="attach">
      <button
        type="button"
        className="attach__button"
        aria-label={intl.formatMessage({ id: 'attach.button' })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        data-testid="attach-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </button>
      {open && (
        <ul
          className="attach__menu"
          id={menuId}
          role="menu"
          aria-label={intl.formatMessage({ id: 'attach.menu.label' })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          {options.map((o, i) => (
            <li key={o} role="none">
              <button type="button" role="menuitem" className="attach__item" onClick={() => choose(o)} autoFocus={i === 0} data-option={o}>
                {intl.formatMessage({ id: `attach.option.${o}` })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <input ref={input} type="file" hidden onChange={(e) => onFiles(e.currentTarget.files)} data-testid="attach-input" aria-hidden="true" tabIndex={-1} />
      {pending && (pending.flow === 'image' || pending.flow === 'video') && (
        <MediaPreview
          kind={pending.flow}
          files={pending.files}
          onCancel={() => setPending(null)}
          onSend={(crops) => {
            const p = pending;
            setPending(null);
            void send(p.flow, p.files, crops);
          }}
        />
      )}
      {pending?.flow === 'document' && (
        <ConfirmDialog
          title={intl.formatMessage({ id: 'attach.document.confirm' }, { name: pending.files[0]?.name ?? '', bot: botName })}
          denyLabel={intl.formatMessage({ id: 'attach.document.deny' })}
          allowLabel={intl.formatMessage({ id: 'attach.document.send' })}
          onDeny={() => setPending(null)}
          onAllow={() => {
            const p = pending;
            setPending(null);
            void send('document', p.files);
          }}
        />
      )}
      {toast && <FileToast text={toast} dismissLabel={intl.formatMessage({ id: 'toast.dismiss' })} onDismiss={() => setToast(null)} />}
    </div>
  );
}
