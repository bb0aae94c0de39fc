// Settings (spec part 1 §2 "Settings sub-menu", §3 auto-download and font settings):
// language, text size (slider) and bold text with confirm/decline, which media download by
// themselves, the version, and the account (logout, delete account). Every choice is a local
// preference applied at once, so the screen works the same offline; logout says so when offline.
import { useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { setAnalyticsEnabled, updateSettings } from '../../db/commands';
import { logout, useSettings } from '../../db/ui-surface';
import { APP_VERSION_NAME } from '../../db/client';
import { AUTO_DOWNLOAD_KINDS, BOLD_WEIGHT_SCALE, FONT_SIZE_SCALE, HELP_PHONE } from '../../domain/constants';
import { MSG } from '../../domain/errors';
import { parseAutoDownload, toggleAutoDownload, type AutoDownloadKind } from '../../domain/auto-download';
import { useConfirm } from '../../app/confirm';
import { Button } from '../../ui/button';
import { LanguageSwitcher } from '../shared/language-switcher';
import { PageHeader } from '../shared/page-header';
import './settings.css';
import type { MessageId } from '../../i18n/load-messages';
import { useT } from '../shared/use-t';

const MEDIA_KIND_LABEL: Readonly<Record<AutoDownloadKind, MessageId>> = { Photo: 'settings.media.photo', Audio: 'settings.media.audio', Video: 'settings.media.video' };

export default function SettingsScreen() {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const settings = useSettings().doc;
  // The text sub-menu applies changes at once; Decline restores what it was when opened.
  const opened = useRef({ sizeScale: settings.sizeScale, boldText: settings.boldText, weightScale: settings.weightScale });
  const [textDirty, setTextDirty] = useState(false);
  const t = useT();

  const setText = (patch: Partial<typeof opened.current>) => {
    setTextDirty(true);
    void updateSettings(patch);
  };
  const kinds = parseAutoDownload(settings.autoDownload);
  const toggleKind = (kind: AutoDownloadKind) => void updateSettings({ autoDownload: toggleAutoDownload(settings.autoDownload, kind) });
  const onLogout = async () => {
    const ok = await confirm({
      title: t(MSG.logout.title),
      body: t(MSG.logout.body),
      denyLabel: t(MSG.logout.decline),
      allowLabel: t(MSG.logout.accept),
      destructive: true,
    });
    if (ok) await logout();
  };
  const percent = Math.round(settings.sizeScale * 100);

  return (
    <div className="settings">
      <PageHeader title={t('settings.title')} onFallback={() => void navigate({ to: '/home' })} />
      <main className="settings__main">
        <section className="settings-card" aria-labelledby="settings-language">
          <h2 id="settings-language" className="settings-card__title">{t('settings.language.title')}</h2>
          <LanguageSwitcher />
        </section>

        <section className="settings-card" aria-labelledby="settings-text">
          <h2 id="settings-text" className="settings-card__title">{t('settings.text.title')}</h2>
          <label className="settings-row settings-row--switch">
            <span>{t('settings.text.bold')}</span>
            <input type="checkbox" role="switch" checked={settings.boldText}
              onChange={(e) => setText({ boldText: e.target.checked, weightScale: e.target.checked ? BOLD_WEIGHT_SCALE : 1 })} />
          </label>
          <label className="settings-row settings-row--slider" htmlFor="settings-size">
            <span>{t('settings.text.size')}</span>
            <output htmlFor="settings-size">{t('settings.text.percent', { percent })}</output>
          </label>
          <input id="settings-size" className="settings-slider" type="range" min={FONT_SIZE_SCALE.min} max={FONT_SIZE_SCALE.max} step={FONT_SIZE_SCALE.step}
            value={settings.sizeScale} aria-valuetext={t('settings.text.percent', { percent })}
            onChange={(e) => setText({ sizeScale: Number(e.target.value) })} />
          <p className="settings-preview">{t('settings.text.preview')}</p>
          {textDirty && (
            <div className="settings-actions">
              <Button variant="secondary" onClick={() => { void updateSettings(opened.current); setTextDirty(false); }}>{t('settings.text.decline')}</Button>
              <Button onClick={() => { opened.current = { sizeScale: settings.sizeScale, boldText: settings.boldText, weightScale: settings.weightScale }; setTextDirty(false); }}>{t('settings.text.confirm')}</Button>
            </div>
          )}
        </section>

        <section className="settings-card" aria-labelledby="settings-media">
          <h2 id="settings-media" className="settings-card__title">{t('settings.media.title')}</h2>
          <p className="settings-card__hint">{t('settings.media.hint')}</p>
          {AUTO_DOWNLOAD_KINDS.map((kind) => (
            <label key={kind} className="settings-row settings-row--switch">
              <span>{t(MEDIA_KIND_LABEL[kind])}</span>
              <input type="checkbox" role="switch" checked={kinds.includes(kind)} onChange={() => toggleKind(kind)} />
            </label>
          ))}
        </section>

        <section className="settings-card" aria-labelledby="settings-sounds">
          <h2 id="settings-sounds" className="settings-card__title">{t('settings.sounds.title')}</h2>
          <label className="settings-row settings-row--switch">
            <span>{t('settings.sounds.toggle')}</span>
            <input type="checkbox" role="switch" checked={settings.sounds !== false} data-testid="settings-sounds"
              onChange={(e) => void updateSettings({ sounds: e.target.checked })} />
          </label>
        </section>

        <section className="settings-card" aria-labelledby="settings-privacy">
          <h2 id="settings-privacy" className="settings-card__title">{t('settings.privacy.title')}</h2>
          <label className="settings-row settings-row--switch">
            <span>{t('settings.privacy.analytics')}</span>
            {/* stored settings from before this switch have no value: on, as the default */}
            <input type="checkbox" role="switch" aria-describedby="settings-analytics-hint" checked={settings.analytics !== false}
              onChange={(e) => void setAnalyticsEnabled(e.target.checked)} />
          </label>
          <p id="settings-analytics-hint" className="settings-card__hint">{t('settings.privacy.analyticsHint')}</p>
        </section>

        <section className="settings-card" aria-labelledby="settings-items">
          <h2 id="settings-items" className="settings-card__title">{t('settings.items.title')}</h2>
          <Link to="/manage-profile" className="settings-link">{t('settings.items.profile')}</Link>
          <Link to="/saved-items" className="settings-link">{t('settings.items.saved')}</Link>
          <Link to="/manage-upi" className="settings-link">{t('payments.manage.title')}</Link>
        </section>

        <section className="settings-card" aria-labelledby="settings-help">
          <h2 id="settings-help" className="settings-card__title">{t('settings.help.title')}</h2>
          <Link to="/feedback" className="settings-link">{t('settings.help.feedback')}</Link>
          <Link to="/faqs" className="settings-link">{t('settings.help.faqs')}</Link>
          <Link to="/terms-of-use-menu" className="settings-link">{t('settings.help.terms')}</Link>
          {/* the demo's support line (HELP_PHONE); tel: opens the phone's dialler */}
          <a href={`tel:${HELP_PHONE.replace(/\s/g, '')}`} className="settings-link">{t('settings.help.phone', { phone: HELP_PHONE })}</a>
        </section>

        <section className="settings-card" aria-labelledby="settings-account">
          <h2 id="settings-account" className="settings-card__title">{t('settings.account.title')}</h2>
          <Button variant="secondary" block onClick={() => void onLogout()}>{t('home.logout')}</Button>
          <Link to="/delete-account" className="settings-link settings-link--danger">{t('settings.account.delete')}</Link>
        </section>

        <p className="settings-version">{t('settings.version', { version: APP_VERSION_NAME })}</p>
      </main>
    </div>
  );
}
