// The welcome banner (issue 18): its design picked by the remote flag welcome_banner_design
// (default, festive, minimal; anything else is the default), read through the feature gate, shown once per device while its
// toggle is on. On home it is a card above the tabs, never in the way of anything else; the
// /welcome-banner route shows it as a page.
import { screenToggleOn } from '../../api/remote-flags';
import { useRemoteFlags } from '../../db/ui-surface';
import type { WelcomeBannerDesign } from '../../domain/guides';
import { useFeatureGate } from '../../db/hooks';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import './guides.css';


/** Whether the app tour may be offered (its visibility toggle). */
export function useTourEnabled(): boolean {
  return screenToggleOn(useRemoteFlags(), 'app_tour');
}

function Art({ design }: { design: WelcomeBannerDesign }) {
  if (design === 'minimal') return null;
  return (
    <svg className="welcome__art" viewBox="0 0 120 80" aria-hidden="true" focusable="false">
      {design === 'festive' ? (
        <>
          <circle cx="20" cy="18" r="6" fill="#f9a825" /><circle cx="98" cy="14" r="4" fill="#ef5350" /><circle cx="60" cy="10" r="3" fill="#fff" />
          <path d="M30 70 L60 28 L90 70 Z" fill="#ffcc80" /><path d="M50 70 v-16 h20 v16" fill="#e65100" />
        </>
      ) : (
        <>
          <rect x="22" y="14" width="58" height="40" rx="10" fill="#fff" /><path d="M36 54 l-8 12 l18 -12" fill="#fff" />
          <rect x="50" y="30" width="50" height="34" rx="10" fill="#cfe7e2" /><circle cx="64" cy="47" r="3" fill="#0b6e63" /><circle cx="75" cy="47" r="3" fill="#0b6e63" /><circle cx="86" cy="47" r="3" fill="#0b6e63" />
        </>
      )}
    </svg>
  );
}

export function WelcomeBanner({ onClose, onTour, page = false }: { onClose: () => void; onTour: (() => void) | null; page?: boolean }) {
  const t = useT();
  const design = useFeatureGate().welcomeBannerDesign;
  const Heading = page ? 'h1' : 'h2';
  return (
    <section className={`welcome welcome--${design}${page ? ' welcome--page' : ''}`} aria-labelledby="welcome-title" data-testid="welcome-banner" data-design={design}>
      <Art design={design} />
      <div className="welcome__text">
        <Heading id="welcome-title" className="welcome__title">{t(design === 'festive' ? 'welcome.title.festive' : 'welcome.title')}</Heading>
        <p className="welcome__body">{t('welcome.body')}</p>
        <div className="welcome__actions">
          {onTour && <Button onClick={onTour}>{t('welcome.tour')}</Button>}
          <Button variant={onTour ? 'secondary' : 'primary'} onClick={onClose}>{t('welcome.start')}</Button>
        </div>
      </div>
    </section>
  );
}
