// Deleting the account (spec part 1 §7 delete-profile): what is lost, a typed
// confirmation against slips, and on success every local copy is cleared and the user is signed
// out (the delete-profile flow does both). It needs the server, so offline it says so.
import { useState } from 'react';
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
  const onDelete = async () => {
    setBusy(true);
    setFailed(false);
    const result = await deleteProfile();
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
