// The refusal of a queued bot action, as a toast (spec part 1 §8 operation errors): the engine
// undid the change and left the catalogue text in bot-actions.notice.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { dismissBotNotice, useBotActions } from '../../db/ui-surface';
import './action-toast.css';

const SHOW_MS = 6000;

export function ActionToast() {
  const intl = useIntl();
  const { doc } = useBotActions();
  const notice = doc.notice;
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => void dismissBotNotice(notice.id), SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return (
    <div className="bots-toast-region" role="status" aria-live="polite">
      {notice && (
        <div className="bots-toast" data-testid="bot-action-toast">
          <span className="bots-toast__text">{intl.formatMessage({ id: notice.textId }, notice.values)}</span>
          <button type="button" className="bots-toast__close" onClick={() => void dismissBotNotice(notice.id)}>
            {intl.formatMessage({ id: 'botInfo.toast.dismiss' })}
          </button>
        </div>
      )}
    </div>
  );
}
