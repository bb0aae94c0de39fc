// Deleting the account (spec part 1 §7 delete-profile): what is lost, a typed
// confirmation against slips, and on success every local copy is cleared and the user is signed
// out (the delete-profile flow does both). It needs the server, so offline it says so.
import { useEffect, useState } from 'react';
import { loadDeleteReasons } from '../../db/commands';
import { useAppLanguage, useProfileExtras } from '../../db/hooks';
import { useNavigate } from '@tanstack/react-router';
import { deleteProfile } from '../../db/ui-surface';
import { Button } from '../../ui/button';
import { useOnline } from '../shared/use-online';
import { SubPageHeader } from './sub-page-header';
import './settings.css';
import { useT } from '../shared/use-t';

export default function DeleteAccountScreen() {
  const navigate = useNavigate();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const t = useT();
  // get-reason-list in the app's language (kept for offline in 'profile-extras')
  const language = useAppLanguage().doc?.code ?? 'en';
  const reasons = useProfileExtras().reasons;
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (online) void loadDeleteReasons(language);
  }, [online, language]);
  const onDelete = async () => {
    setBusy(true);
    setFailed(false);
    const result = await deleteProfile(reason || undefined);
    setBusy(false);
    // Success signs the user out: the route guard takes them to the login screen.
    if (!result.ok) setFailed(true);
  };
  return (
    <div className="settings">
      <SubPageHeader title={t('settings.delete.title')} />
      <main className="settings__main">
        <section className="settings-card">
          <p>{t('settings.delete.body')}</p>
          {reasons && reasons.list.length > 0 && (
            <fieldset className="delete-reasons">
              <legend>{t('settings.delete.reason')}</legend>
              {reasons.list.map((r) => (
                <label key={r.reason_uuid} className="delete-reasons__item">
                  <input type="radio" name="delete-reason" value={r.reason_uuid} checked={reason === r.reason_uuid} onChange={() => setReason(r.reason_uuid)} />
                  {r.reason}
                </label>
              ))}
            </fieldset>
          )}
          {!online && <p className="settings-card__warning" role="status">{t('settings.delete.offline')}</p>}
          {failed && <p className="settings-card__warning" role="alert">{t('settings.delete.failed')}</p>}
          <div className="settings-actions">
            <Button variant="secondary" onClick={() => void navigate({ to: '/settings' })}>{t('settings.delete.cancel')}</Button>
            <Button variant="danger" pending={busy} disabled={!online} onClick={() => void onDelete()}>{t('settings.delete.confirm')}</Button>
          </div>
        </section>
      </main>
    </div>
  );
}
