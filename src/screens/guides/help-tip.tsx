// Contextual help (issue 18): a short tip in place, shown once per device while the
// contextual-help toggle is on; the close button marks it seen.
import { markGuideSeen, useGuide } from '../../db/ui-surface';
import type { GuideId } from '../../domain/guides';
import { useT } from '../shared/use-t';
import type { MessageId } from '../../i18n/load-messages';
import './guides.css';

export function HelpTip({ id, text }: { id: GuideId; text: MessageId }) {
  const t = useT();
  const show = useGuide(id);
  if (!show) return null;
  return (
    <aside className="help-tip" aria-label={t('help.label')} data-testid={`help-${id}`}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <p className="help-tip__text">{t(text)}</p>
      <button type="button" className="help-tip__close" onClick={() => void markGuideSeen(id)} aria-label={t('help.dismiss')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /></svg>
      </button>
    </aside>
  );
}
