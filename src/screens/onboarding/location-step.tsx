import { useCallback, useEffect, useState, type FormEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import type { CityEntry, StateEntry } from '../../api/contract';
import { countryByIso, DEFAULT_COUNTRY, type CountryIso } from '../../domain/countries';
import { loadCities, loadStates, saveLocation, useProfile } from '../../db/ui-surface';
import { useShowError } from '../../app/dialog-queue';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { StepHeading } from './step-heading';

type List<T> = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; items: T[] };

/** State, then city, for the user's country. The lists come through the data layer, which keeps
 *  them cached, so they load offline once seen. */
export function LocationStep({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const profile = useProfile();
  const showError = useShowError();
  const country: CountryIso = countryByIso(profile.doc?.country_code ?? '')?.iso ?? DEFAULT_COUNTRY.iso;
  const [states, setStates] = useState<List<StateEntry>>({ status: 'idle' });
  const [cities, setCities] = useState<List<CityEntry>>({ status: 'idle' });
  const [stateCode, setStateCode] = useState(profile.doc?.state?.code ?? '');
  const [city, setCity] = useState(profile.doc?.city ?? '');
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const fetchStates = useCallback(async () => {
    setStates({ status: 'loading' });
    const result = await loadStates(country);
    setStates(result.ok ? { status: 'ready', items: result.value } : { status: 'failed' });
  }, [country]);

  const fetchCities = useCallback(async (code: string) => {
    if (!code) {
      setCities({ status: 'idle' });
      return;
    }
    setCities({ status: 'loading' });
    const result = await loadCities(country, code);
    setCities(result.ok ? { status: 'ready', items: result.value } : { status: 'failed' });
  }, [country]);

  useEffect(() => {
    void fetchStates();
  }, [fetchStates]);

  useEffect(() => {
    void fetchCities(stateCode);
  }, [fetchCities, stateCode]);

  const complete = stateCode !== '' && city !== '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setSaveError(null);
    const result = await saveLocation(stateCode, city);
    setBusy(false);
    if (!result.ok) {
      if (!showError(result.error)) setSaveError(intl.formatMessage({ id: result.error.textId ?? 'onboarding.saveFailed' }, result.error.values));
    }
  };

  const loading = intl.formatMessage({ id: 'common.loading' });
  const failed = states.status === 'failed' || cities.status === 'failed';
  return (
    <form className="onboarding__step" onSubmit={(e) => void submit(e)} noValidate>
      <StepHeading headingRef={headingRef} title={intl.formatMessage({ id: 'onboarding.location.title' })} subtitle={intl.formatMessage({ id: 'onboarding.location.subtitle' })} />
      <SelectField
        label={intl.formatMessage({ id: 'onboarding.location.state' })}
        placeholder={intl.formatMessage({ id: 'onboarding.location.statePlaceholder' })}
        options={states.status === 'ready' ? states.items.map((s) => ({ value: s.code, label: s.name })) : []}
        value={states.status === 'ready' ? stateCode : ''}
        loading={states.status === 'loading'}
        loadingText={loading}
        onChange={(code) => {
          setStateCode(code);
          setCity('');
        }}
      />
      <SelectField
        label={intl.formatMessage({ id: 'onboarding.location.city' })}
        placeholder={intl.formatMessage({ id: stateCode ? 'onboarding.location.cityPlaceholder' : 'onboarding.location.cityFirst' })}
        options={cities.status === 'ready' ? cities.items.map((c) => ({ value: c.name, label: c.name })) : []}
        value={cities.status === 'ready' ? city : ''}
        disabled={!stateCode || cities.status !== 'ready'}
        loading={cities.status === 'loading'}
        loadingText={loading}
        onChange={setCity}
      />
      {failed && (
        <div className="onboarding__problem" role="alert">
          <p>{intl.formatMessage({ id: 'onboarding.location.loadFailed' })}</p>
          <Button variant="secondary" onClick={() => void (states.status === 'failed' ? fetchStates() : fetchCities(stateCode))}>
            {intl.formatMessage({ id: 'common.retry' })}
          </Button>
        </div>
      )}
      {saveError && (
        <p className="onboarding__error" role="alert">
          {saveError}
        </p>
      )}
      <Button type="submit" block disabled={!complete} pending={busy} className="onboarding__action">
        {intl.formatMessage({ id: 'onboarding.location.finish' })}
      </Button>
    </form>
  );
}
