// /terms-of-use-menu (spec part 1 §2 settings): short terms of use, translated, and a link to the
// privacy policy at the remote flag privacy_policy_url. Its default names this very page, so then
// the link goes to the privacy section below. All local: the page works the same offline.
import { useRemoteFlags } from '../../db/hooks';
import { SubPageHeader } from './sub-page-header';
// settings.css too: opened directly (a link, a reload) the settings chunk's styles are not loaded
import './settings.css';
import './feedback.css';
import { useT } from '../shared/use-t';

const TERMS_PATH = '/terms-of-use-menu';
const SECTIONS = ['use', 'content', 'bots', 'changes'] as const;

export default function TermsScreen() {
  const t = useT();
  const privacyUrl = useRemoteFlags().privacy_policy_url;
  const here = privacyUrl === '' || privacyUrl === TERMS_PATH;
  const external = /^https?:\/\//.test(privacyUrl);
  return (
    <div className="settings">
      <SubPageHeader title={t('terms.title')} />
      <main className="settings__main">
        <section className="settings-card terms" aria-labelledby="terms-heading">
          <h2 id="terms-heading" className="settings-card__title">{t('terms.heading')}</h2>
          <p>{t('terms.intro')}</p>
          <ol className="terms__list">
            {SECTIONS.map((s) => <li key={s}>{t(`terms.${s}`)}</li>)}
          </ol>
        </section>
        <section id="privacy" className="settings-card terms" aria-labelledby="privacy-heading">
          <h2 id="privacy-heading" className="settings-card__title">{t('terms.privacyTitle')}</h2>
          <p>{t('terms.privacyBody')}</p>
          {!here && (
            <a className="settings-link" href={privacyUrl} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {t('terms.privacyLink')}
            </a>
          )}
        </section>
      </main>
    </div>
  );
}
