// /feedback (spec part 1 §2 settings, §7 send-feedback): like or dislike, the text
// with a counter, an optional email and an optional screenshot. Online only: offline the screen
// says feedback needs the internet and the send button stays off (feedback is not queued). A
// refusal shows 'Error sending feedback' (§8) as a toast; success thanks the user and goes back.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { sendFeedback } from '../../db/commands';
import { isShownBySyncStatus } from '../../db/ui-surface';
import { FEEDBACK_MAX_CHARS } from '../../domain/constants';
import { MSG } from '../../domain/errors';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { Toast } from '../../ui/toast';
import { useOnline } from '../shared/use-online';
import { SubPageHeader } from './sub-page-header';
// settings.css too: opened directly (a link, a reload) the settings chunk's styles are not loaded
import './settings.css';
import './feedback.css';
import { useT } from '../shared/use-t';

// The same rule the server applies (z.email): something@something.tld, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function FeedbackScreen() {
  const navigate = useNavigate();
  const online = useOnline();
  const t = useT();
  const [doesLike, setDoesLike] = useState<boolean | null>(null);
  const [content, setContent] = useState('');
  const [email, setEmail] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState(false);
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [toast, setToast] = useState<{ text: string; tone: 'info' | 'error'; done: boolean } | null>(null);

  const emailBad = email.trim() !== '' && !EMAIL_RE.test(email.trim());
  const contentBad = content.trim() === '';
  const canSend = online && !pending;

  const onSend = async () => {
    setTried(true);
    if (doesLike === null || contentBad || emailBad) return;
    setPending(true);
    const result = await sendFeedback({ does_like: doesLike, content, email, screenshot });
    setPending(false);
    if (result.ok) {
      setToast({ text: t('feedback.thanks'), tone: 'info', done: true });
    } else if (!isShownBySyncStatus(result.error)) {
      setToast({ text: t(MSG.operation.sendFeedback), tone: 'error', done: false });
    }
  };

  return (
    <div className="settings">
      <SubPageHeader title={t('feedback.title')} />
      <main className="settings__main">
        <form className="settings-card feedback-form" noValidate onSubmit={(e) => { e.preventDefault(); void onSend(); }}>
          {!online && <p className="settings-card__warning" role="status">{t('feedback.offline')}</p>}
          <fieldset className="feedback-like">
            <legend className="feedback-like__legend">{t('feedback.question')}</legend>
            <div className="feedback-like__choices">
              {([true, false] as const).map((like) => (
                <label key={String(like)} className={`feedback-like__choice${doesLike === like ? ' feedback-like__choice--on' : ''}`}>
                  <input type="radio" name="does-like" checked={doesLike === like} onChange={() => setDoesLike(like)} />
                  <span aria-hidden="true" className="feedback-like__icon">{like ? '👍' : '👎'}</span>
                  <span>{t(like ? 'feedback.like' : 'feedback.dislike')}</span>
                </label>
              ))}
            </div>
            {tried && doesLike === null && <p className="feedback-error" role="alert">{t('feedback.chooseLike')}</p>}
          </fieldset>

          <div className="feedback-text">
            <label className="text-field__label" htmlFor="feedback-content">{t('feedback.content')}</label>
            <textarea id="feedback-content" className="feedback-text__input" rows={5} value={content} maxLength={FEEDBACK_MAX_CHARS}
              aria-invalid={(tried && contentBad) || undefined} aria-describedby="feedback-content-counter"
              onChange={(e) => setContent(e.target.value.slice(0, FEEDBACK_MAX_CHARS))} />
            <div className="feedback-text__meta">
              {tried && contentBad ? <p className="feedback-error" role="alert">{t('feedback.contentRequired')}</p> : <span />}
              <span id="feedback-content-counter" className="feedback-text__counter">{t('feedback.counter', { count: content.length, max: FEEDBACK_MAX_CHARS })}</span>
            </div>
          </div>

          <TextField label={t('feedback.email')} type="email" autoComplete="email" inputMode="email" value={email} onValueChange={setEmail}
            error={t('feedback.emailInvalid')} showError={emailBad && tried} />

          <div className="feedback-shot">
            <label className="feedback-shot__pick">
              <input type="file" accept="image/*" className="feedback-shot__input"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  e.target.value = '';
                  if (file && !file.type.startsWith('image/')) { setScreenshotError(true); return; }
                  setScreenshotError(false);
                  setScreenshot(file);
                }} />
              <span>{t('feedback.screenshot')}</span>
            </label>
            {screenshot && (
              <div className="feedback-shot__chosen">
                <span className="feedback-shot__name">{t('feedback.screenshotChosen', { name: screenshot.name })}</span>
                <Button variant="text" onClick={() => setScreenshot(null)}>{t('feedback.screenshotRemove')}</Button>
              </div>
            )}
            {screenshotError && <p className="feedback-error" role="alert">{t('feedback.screenshotNotImage')}</p>}
          </div>

          <Button type="submit" block pending={pending} disabled={!canSend}>{t('feedback.send')}</Button>
        </form>
      </main>
      {toast && (
        <Toast message={toast.text} tone={toast.tone} durationMs={toast.done ? 1800 : 3500}
          onDone={() => { const wasDone = toast.done; setToast(null); if (wasDone) void navigate({ to: '/settings', replace: true }); }} />
      )}
    </div>
  );
}
