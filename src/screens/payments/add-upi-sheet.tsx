// The add dialog of /manage-upi as a bottom sheet with two modes (spec part 2 §2): payment, or set
// up only for receiving rewards (then it becomes the primary address and pending payouts are paid
// to it: process_pending_payouts).
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useModalFocus } from '../../ui/focus-trap';
import { UpiForm, type VerifiedVpa } from './upi-form';

export type AddMode = 'pay' | 'rewards';

export function AddUpiSheet({ savedCount, online, onAdd, onClose }: { savedCount: number; online: boolean; onAdd: (v: VerifiedVpa, mode: AddMode) => void; onClose: () => void }) {
  const intl = useIntl();
  const [mode, setMode] = useState<AddMode>('pay');
  const sheet = useRef<HTMLElement>(null);
  useModalFocus(sheet, onClose);
  return createPortal(
    <div className="sheet-backdrop" onClick={onClose}>
      <section ref={sheet} className="sheet" role="dialog" aria-modal="true" aria-labelledby="add-upi-title" onClick={(e) => e.stopPropagation()}>
        <header className="sheet__header">
          <h2 id="add-upi-title" className="sheet__title">{intl.formatMessage({ id: 'upi.dialog.title' })}</h2>
          <button type="button" className="sheet__close" onClick={onClose} aria-label={intl.formatMessage({ id: 'upi.close' })}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /></svg>
          </button>
        </header>
        <div className="sheet__body">
          <fieldset className="pay-modes">
            <legend className="pay-modes__legend">{intl.formatMessage({ id: 'upi.mode.label' })}</legend>
            {(['pay', 'rewards'] as const).map((m) => (
              <label key={m} className={`pay-mode${mode === m ? ' pay-mode--on' : ''}`}>
                <input type="radio" name="upi-mode" checked={mode === m} onChange={() => setMode(m)} />
                <span>{intl.formatMessage({ id: m === 'pay' ? 'upi.mode.pay' : 'upi.mode.rewards' })}</span>
              </label>
            ))}
          </fieldset>
          <UpiForm savedCount={savedCount} offerSave={false} online={online} onContinue={(v) => onAdd(v, mode)} />
        </div>
      </section>
    </div>,
    document.body,
  );
}
