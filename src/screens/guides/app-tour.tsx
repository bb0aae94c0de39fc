// The app tour (issue 18): a few steps that name the parts of home (the three tabs and the menu),
// in a dialog the user pages through or closes. Seen once: finishing or closing marks it.
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../../ui/focus-trap';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import type { MessageId } from '../../i18n/load-messages';
import './guides.css';

const STEPS: readonly { title: MessageId; body: MessageId }[] = [
  { title: 'tour.discover.title', body: 'tour.discover.body' },
  { title: 'tour.chat.title', body: 'tour.chat.body' },
  { title: 'tour.post.title', body: 'tour.post.body' },
  { title: 'tour.menu.title', body: 'tour.menu.body' },
];

export function AppTour({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref, onClose);
  const current = STEPS[step]!;
  const last = step === STEPS.length - 1;
  // on <body>, like every modal: the focus trap makes the rest of the page inert
  return createPortal(
    <div className="tour__backdrop">
      <div className="tour" ref={ref} role="dialog" aria-modal="true" aria-labelledby="tour-title" aria-describedby="tour-body" data-testid="app-tour">
        <p className="tour__step">{t('tour.step', { n: step + 1, total: STEPS.length })}</p>
        <h2 id="tour-title" className="tour__title">{t(current.title)}</h2>
        <p id="tour-body" className="tour__body">{t(current.body)}</p>
        <div className="tour__actions">
          <Button variant="text" onClick={onClose}>{t('tour.skip')}</Button>
          {step > 0 && <Button variant="secondary" onClick={() => setStep(step - 1)}>{t('tour.back')}</Button>}
          <Button onClick={() => (last ? onClose() : setStep(step + 1))}>{t(last ? 'tour.done' : 'tour.next')}</Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
