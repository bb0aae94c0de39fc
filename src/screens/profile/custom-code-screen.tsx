// /custom-code (spec part 2 §2, §3, §4 "Custom code"; issue 18): check a code (what it turns on,
// hides, and whether it is exclusive), take it or remove it. Both need the server; the feature
// gate (src/domain/feature-gate.ts) applies the code to the whole app from the stored profile.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { CustomCodeDetails } from '../../api/contract';
import { knownFeatures } from '../../domain/feature-gate';
import { applyCustomCode, previewCustomCode } from '../../db/commands';
import { useProfile } from '../../db/hooks';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import { SubPageHeader } from '../settings/sub-page-header';
import '../settings/settings.css';
import './profile.css';

const CODE = /^[A-Za-z0-9]{3,32}$/;

export default function CustomCodeScreen() {
  const t = useT();
  const intl = useIntl();
  const online = useOnline();
  const { doc: profile } = useProfile();
  const [code, setCode] = useState('');
  const [preview, setPreview] = useState<CustomCodeDetails | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = (list: readonly string[]) => knownFeatures(list).map((f) => intl.formatMessage({ id: `feature.${f}` })).join(', ');

  const failure = (status: number | undefined) => setMessage(status === 404 ? t('customCode.unknown') : t('profile.needsNetwork'));
  const check = async (e: FormEvent) => {
    e.preventDefault();
    setPreview(null);
    if (!CODE.test(code.trim())) return setMessage(t('customCode.invalid'));
    if (!online) return setMessage(t('profile.needsNetwork'));
    setBusy(true);
    const result = await previewCustomCode(code);
    setBusy(false);
    if (result.ok) {
      setPreview(result.value);
      setMessage(null);
    } else failure(result.error.status);
  };
  const take = async (value: string) => {
    if (!online) return setMessage(t('profile.needsNetwork'));
    setBusy(true);
    const result = await applyCustomCode(value);
    setBusy(false);
    if (result.ok) {
      setPreview(null);
      setCode('');
      setMessage(t(value === '' ? 'customCode.removed' : 'customCode.applied'));
    } else failure(result.error.status);
  };

  const current = profile?.custom_code_details ?? null;
  return (
    <div className="settings">
      <SubPageHeader title={t('customCode.title')} />
      <main className="settings__main profile">
        <section className="settings-card">
          <p>{t('customCode.intro')}</p>
          <p data-testid="custom-code-current">{current ? t('customCode.current', { code: current.custom_code, name: current.name }) : t('customCode.none')}</p>
          {current && <Button variant="secondary" pending={busy} onClick={() => void take('')}>{t('customCode.remove')}</Button>}
        </section>
        <form className="settings-card" onSubmit={(e) => void check(e)} noValidate>
          <TextField label={t('customCode.input')} value={code} onValueChange={setCode} maxLength={32} autoCapitalize="characters" autoComplete="off" spellCheck={false} />
          <Button type="submit" variant="secondary" pending={busy}>{t('customCode.check')}</Button>
          {preview && (
            <div className="profile__banner" data-testid="custom-code-preview">
              <p><strong>{preview.name}</strong></p>
              {preview.included_features.length > 0 && <p>{t('customCode.adds', { features: names(preview.included_features) })}</p>}
              {preview.excluded_features.length > 0 && <p>{t('customCode.hides', { features: names(preview.excluded_features) })}</p>}
              {preview.type === 'exclusive' && <p>{t('customCode.exclusive')}</p>}
              <Button pending={busy} onClick={() => void take(preview.custom_code)}>{t('customCode.apply')}</Button>
            </div>
          )}
          {message && <p role="status">{message}</p>}
        </form>
      </main>
    </div>
  );
}
