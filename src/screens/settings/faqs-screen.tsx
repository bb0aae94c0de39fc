// /faqs (spec part 1 §2 settings, §7 get-faqs): the app's questions and answers in the user's
// language, read through the engine into the 'app-faqs' local document, so they show offline
// after the first read. Offline before any read, the page says to connect once.
import { useEffect } from 'react';
import { loadAppFaqs } from '../../db/commands';
import { useAppFaqs, useAppLanguage } from '../../db/hooks';
import { useOnline } from '../shared/use-online';
import { SubPageHeader } from './sub-page-header';
// settings.css too: opened directly (a link, a reload) the settings chunk's styles are not loaded
import './settings.css';
import './feedback.css';
import { useT } from '../shared/use-t';

export default function FaqsScreen() {
  const online = useOnline();
  const language = useAppLanguage().doc?.code ?? 'en';
  const { loaded, faqs } = useAppFaqs(language);
  useEffect(() => {
    if (online) void loadAppFaqs(language);
  }, [language, online]);
  const t = useT();
  return (
    <div className="settings">
      <SubPageHeader title={t('faqs.title')} />
      <main className="settings__main">
        {loaded && !faqs && <p className="settings-card settings-card__hint" role="status">{t(online ? 'faqs.loading' : 'faqs.notLoaded')}</p>}
        {faqs && (
          <div className="settings-card faqs-list">
            {faqs.faqs.map((f, i) => (
              <details key={i} className="faqs-item" open={i === 0}>
                <summary className="faqs-item__q">{f.question}</summary>
                <p className="faqs-item__a">{f.answer}</p>
              </details>
            ))}
          </div>
        )}
      </main>
    </div>
  );
}
