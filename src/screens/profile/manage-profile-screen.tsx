// /manage-profile (spec part 2 §2, §3 Profile, §4, §5; issue 18): name, email (and its
// verification), gender, date of birth on the date wheels, country, state and city, and the photo
// (cropped here, uploaded by the engine). Saving applies the change at once (offline too) and
// queues it on the one action queue; a refused change comes back with the catalogue's notice.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { resolveLanguageCode } from '../../domain/language-codes';
import { countryName, stateName } from '../../domain/place-names';
import { COUNTRIES, type CountryIso } from '../../domain/countries';
import type { DateParts } from '../../domain/date-picker';
import { missingProfileFields } from '../../domain/profile-rules';
import { dismissProfileNotice, editProfile, ensureProfile, sendEmailVerification } from '../../db/commands';
import { useProfile, useProfileExtras } from '../../db/hooks';
import { Button } from '../../ui/button';
import { ChoiceCards } from '../../ui/choice-cards';
import { DatePickerDialog } from '../../ui/date-picker-dialog';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import { SubPageHeader } from '../settings/sub-page-header';
import { PhotoCropDialog } from './photo-crop-dialog';
import { ProfilePhoto } from './profile-photo';
import { usePlaces } from './use-places';
import '../settings/settings.css';
import './profile.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOB_RANGE = (): { min: DateParts; max: DateParts } => {
  const t = new Date();
  return { min: { year: 1900, month: 1, day: 1 }, max: { year: t.getFullYear(), month: t.getMonth() + 1, day: t.getDate() } };
};

export default function ManageProfileScreen() {
  const t = useT();
  const intl = useIntl();
  // countries and India's states in the user's language (src/domain/place-names.ts); cities as the data names them
  const language = resolveLanguageCode(intl.locale.split('-')[0]); // intl's locale is 'te-IN'
  const online = useOnline();
  const { doc: profile } = useProfile();
  const extras = useProfileExtras();
  const search: { email?: string } = useSearch({ strict: false });
  const [name, setName] = useState(profile?.name ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [gender, setGender] = useState<'male' | 'female' | null>(profile?.gender ?? null);
  const [dob, setDob] = useState<DateParts | null>(profile?.dob ?? null);
  const [country, setCountry] = useState<CountryIso>(profile?.country_code ?? 'IN');
  const [stateCode, setStateCode] = useState(profile?.state?.code ?? '');
  const [city, setCity] = useState(profile?.city ?? '');
  const [picking, setPicking] = useState(false);
  const [cropping, setCropping] = useState<File | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const places = usePlaces(country, stateCode);

  // the form follows the profile when it first arrives (or is fetched again)
  const [seen, setSeen] = useState(profile?.user_uuid ?? '');
  if (profile && profile.user_uuid !== seen) {
    setSeen(profile.user_uuid);
    setName(profile.name);
    setEmail(profile.email);
    setGender(profile.gender);
    setDob(profile.dob);
    setCountry(profile.country_code);
    setStateCode(profile.state?.code ?? '');
    setCity(profile.city);
  }

  // fetched once (spec part 2 §4); the emailed link coming back invalidates it
  const emailOutcome = search.email;
  useEffect(() => {
    void ensureProfile(emailOutcome !== undefined);
  }, [emailOutcome]);

  if (!profile) return <div className="settings"><SubPageHeader title={t('profile.title')} /></div>;

  const emailError = email.trim() !== '' && !EMAIL.test(email.trim()) ? t('profile.email.invalid') : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (emailError || name.trim() === '') return;
    const patch: Parameters<typeof editProfile>[0]['patch'] = {};
    if (name.trim() !== profile.name) patch.name = name.trim();
    if (email.trim() !== profile.email) patch.email = email.trim();
    if (gender !== profile.gender) patch.gender = gender;
    if (JSON.stringify(dob) !== JSON.stringify(profile.dob)) patch.dob = dob;
    if (country !== profile.country_code) patch.country_code = country;
    if (stateCode !== '' && stateCode !== profile.state?.code) patch.state_code = stateCode;
    if (city !== '' && (city !== profile.city || patch.state_code !== undefined)) patch.city = city;
    if (Object.keys(patch).length === 0) return;
    const stateName = places.states.find((s) => s.code === stateCode)?.name;
    const result = await editProfile({ patch, ...(stateName ? { state_name: stateName } : {}) });
    setStatus(result.ok ? t(online ? 'profile.saved' : 'profile.savedOffline') : null);
  };

  const onPhoto = async (blob: Blob) => {
    setCropping(null);
    const result = await editProfile({ patch: {}, photo: blob });
    if (result.ok) setStatus(t(online ? 'profile.saved' : 'profile.savedOffline'));
  };

  const missing = missingProfileFields(profile);
  const fieldName: Record<(typeof missing)[number], string> = {
    name: t('profile.name'), email: t('profile.email'), gender: t('profile.gender'), dob: t('profile.dob'), state: t('profile.state'), city: t('profile.city'), photo: t('profile.photo.label'),
  };
  const dobText = dob ? intl.formatDate(Date.UTC(dob.year, dob.month - 1, dob.day, 12), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : t('profile.dob.none');
  const outcomeText = emailOutcome === 'verified' || emailOutcome === 'expired' || emailOutcome === 'invalid' || emailOutcome === 'changed'
    ? t(`profile.email.result.${emailOutcome}`) : null;

  return (
    <div className="settings">
      <SubPageHeader title={t('profile.title')} />
      <main className="settings__main profile">
        {outcomeText && <p className="settings-card profile__banner" role="status" data-testid="email-outcome">{outcomeText}</p>}
        {extras.notice && (
          <div className="settings-card profile__notice" role="alert">
            <p>{intl.formatMessage({ id: extras.notice.textId }, { reason: extras.notice.message ?? '' })}</p>
            <Button variant="text" onClick={() => void dismissProfileNotice()}>{t('profile.notice.dismiss')}</Button>
          </div>
        )}
        <section className="settings-card profile__photo-card">
          <ProfilePhoto photo={profile.photo} label={t('profile.photo.label')} />
          {profile.photo?.startsWith('/local-media/') && <p className="profile__hint">{t('profile.photo.waiting')}</p>}
          <label className="profile__file">
            <span>{t(profile.photo ? 'profile.photo.change' : 'profile.photo.add')}</span>
            <input type="file" accept="image/*" data-testid="profile-photo-input" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) setCropping(f); }} />
          </label>
          <p className={profile.profileComplete ? 'profile__complete' : 'profile__hint'} data-testid="profile-complete">
            {missing.length === 0 ? t('profile.complete') : t('profile.incomplete', { fields: missing.map((f) => fieldName[f]).join(', ') })}
          </p>
        </section>
        <form className="settings-card profile__form" onSubmit={(e) => void submit(e)} noValidate>
          <TextField label={t('profile.name')} value={name} onValueChange={setName} maxLength={60} autoComplete="name" />
          <TextField label={t('profile.email')} type="email" value={email} onValueChange={setEmail} maxLength={254} autoComplete="email" error={emailError} showError={showErrors} />
          <EmailVerification savedEmail={profile.email} typedEmail={email.trim()} verified={profile.email_verified} online={online} />
          <ChoiceCards legend={t('profile.gender')} name="gender" value={gender} onChoose={setGender}
            options={[{ value: 'male', title: t('profile.gender.male') }, { value: 'female', title: t('profile.gender.female') }]} />
          <div className="profile__dob">
            <span className="profile__label">{t('profile.dob')}</span>
            <Button variant="secondary" onClick={() => setPicking(true)} aria-label={`${t('profile.dob.choose')}: ${dobText}`}>{dobText}</Button>
          </div>
          <SelectField label={t('profile.country')} placeholder={t('profile.country')} value={country}
            options={COUNTRIES.map((c) => ({ value: c.iso, label: countryName(c.iso, c.name, language) }))}
            onChange={(v) => { setCountry(v as CountryIso); setStateCode(''); setCity(''); }} />
          <SelectField label={t('profile.state')} placeholder={t('profile.state.placeholder')} value={stateCode}
            options={places.states.map((s) => ({ value: s.code, label: stateName(country, s.code, s.name, language) }))} loading={places.loadingStates} loadingText={t('common.loading')}
            onChange={(v) => { setStateCode(v); setCity(''); }} />
          <SelectField label={t('profile.city')} placeholder={t('profile.city.placeholder')} value={city}
            options={places.cities.map((c) => ({ value: c.name, label: c.name }))} loading={places.loadingCities} loadingText={t('common.loading')}
            disabled={stateCode === ''} onChange={setCity} />
          {places.failed && <p className="profile__hint">{t('profile.places.offline')}</p>}
          <Button type="submit" block>{t('profile.save')}</Button>
          {status && <p role="status" data-testid="profile-status">{status}</p>}
        </form>
        <section className="settings-card">
          <Link to="/custom-code" className="settings-link">{t('profile.customCode.link')}</Link>
          <Link to="/settings" className="settings-link">{t('settings.title')}</Link>
        </section>
        {picking && (
          <DatePickerDialog
            range={DOB_RANGE()}
            initial={dob ?? { year: 2000, month: 1, day: 1 }}
            texts={{
              title: t('profile.dob.choose'),
              day: t('chat.datePicker.day'), month: t('chat.datePicker.month'), year: t('chat.datePicker.year'),
              previous: (field) => t('chat.datePicker.previous', { field }), next: (field) => t('chat.datePicker.next', { field }),
              confirm: t('profile.dob.confirm'), cancel: t('chat.datePicker.cancel'),
              monthName: (m) => intl.formatDate(Date.UTC(2000, m - 1, 1, 12), { month: 'long', timeZone: 'UTC' }),
              summary: (d) => intl.formatDate(Date.UTC(d.year, d.month - 1, d.day, 12), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
            }}
            onCancel={() => setPicking(false)}
            onConfirm={(d) => { setPicking(false); setDob(d); }}
          />
        )}
        {cropping && <PhotoCropDialog file={cropping} onCancel={() => setCropping(null)} onDone={(b) => void onPhoto(b)} />}
      </main>
    </div>
  );
}

function EmailVerification({ savedEmail, typedEmail, verified, online }: { savedEmail: string; typedEmail: string; verified: boolean; online: boolean }) {
  const t = useT();
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (savedEmail === '') return null;
  if (verified && typedEmail === savedEmail) return <p className="profile__verified" data-testid="email-verified">{t('profile.email.verified')}</p>;
  const send = async () => {
    if (!online) {
      setProblem(t('profile.needsNetwork'));
      return;
    }
    setBusy(true);
    const result = await sendEmailVerification();
    setBusy(false);
    if (result.ok) {
      setSent(result.value.sent_to);
      setProblem(null);
    } else setProblem(result.error.message ?? t('profile.needsNetwork'));
  };
  return (
    <div className="profile__verify">
      <p className="profile__hint" data-testid="email-unverified">{t('profile.email.unverified')}</p>
      {typedEmail !== savedEmail ? <p className="profile__hint">{t('profile.email.saveFirst')}</p> : (
        <Button variant="secondary" pending={busy} onClick={() => void send()}>{t('profile.email.send')}</Button>
      )}
      {sent && <p role="status">{t('profile.email.sent', { email: sent })}</p>}
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
