// The login screen (spec part 1 §2): mobile number with the country's flag and dial code, a
// clear button and Continue. The number rules are the domain's (phone-input.ts: a number typed or
// pasted with its dial code switches the country; a number no mobile of the country has is told
// inline and Continue stays off); this screen only wires them to the input and asks for a code.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import { OTP_LENGTH } from '../../domain/constants';
import { COUNTRIES, DEFAULT_COUNTRY, countryByIso, formatMobile, parseMobile, type Country } from '../../domain/countries';
import { isPhoneComplete, phoneInputProblem, readPhoneInput, sanitizePhoneInput, shouldSubmitPhoneOnKey } from '../../domain/phone-input';
// the modules, not the ui-surface index, which would put every screen's commands on the login route
import { requestOtp } from '../../db/commands/request-otp';
import { useAuthFlow } from '../../db/hooks/use-auth-flow';
import { useSignInWait } from '../../db/hooks/use-sign-in-wait';
import { secondsUntil } from '../../domain/sign-in-wait';
import { useShowError } from '../../app/dialog-queue';
import { Button } from '../../ui/button';
import { PhoneField } from '../../ui/phone-field';
import { Brand } from '../shared/brand';
import { LanguageSwitcher } from '../shared/language-switcher';
import { ProductPanel } from './product-panel';
import { OfflineBanner } from '../../ui/offline-banner';
import { useOnline } from '../shared/use-online';
import { WaitCountdown } from '../shared/wait-countdown';
import { useNow } from '../otp/use-now';
import './login.css';
// inlined (a data: URL in this chunk): a separate request queued behind the data client's
// downloads on a slow link made it the page's Largest Contentful Paint seconds after the screen
import heroImage from './images/login-hero.svg?inline';

function countryName(iso: string, locale: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(iso) ?? fallback;
  } catch {
    return fallback;
  }
}

export default function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const showError = useShowError();
  const flow = useAuthFlow();
  // Back from the OTP screen ('edit mobile'): the number is kept.
  const kept = useMemo(() => parseMobile(flow.doc.mobile ?? ''), [flow.doc.mobile]);
  const [country, setCountry] = useState<Country>(kept?.country ?? DEFAULT_COUNTRY);
  const [digits, setDigits] = useState(kept?.national ?? '');
  const [busy, setBusy] = useState(false);
  // A send-otp refused with Retry-After (423 / 429): when the wait ends (epoch ms), shown inline
  // counting down; Continue stays off until then.
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const online = useOnline();
  const complete = isPhoneComplete(digits, country);
  // The number's wait kept across reloads ('sign-in-waits'): a lock after wrong codes or a
  // refused send-otp; Continue stays off for that number until it ends.
  const stored = useSignInWait(complete ? formatMobile(country, digits) : null).wait;
  const until = Math.max(waitUntil ?? 0, stored?.until ?? 0) || null;
  const waitNow = useNow(until !== null && Date.now() < until);
  const waitLeft = secondsUntil(until, waitNow);
  const waitTextId = stored?.kind === 'locked' && stored.until >= (waitUntil ?? 0) ? 'error.otpConfirm.locked' : 'error.otpRequest.wait';
  const problem = phoneInputProblem(digits, country);

  // A signed-out start renders before the database is read: a number kept by 'edit mobile'
  // arrives a moment later, and fills the field if the user has not typed yet.
  useEffect(() => {
    if (!kept || digits !== '') return;
    setCountry(kept.country);
    setDigits(kept.national);
  }, [kept]); // eslint-disable-line react-hooks/exhaustive-deps

  const countries = useMemo(
    () => COUNTRIES.map((c) => ({ iso: c.iso, dialCode: c.dialCode, label: intl.formatMessage({ id: 'login.phone.countryOption' }, { country: countryName(c.iso, intl.locale, c.name), dialCode: c.dialCode }) })),
    [intl],
  );

  // The OTP screen is the next step: fetch its code while the user types (spotty networks).
  useEffect(() => {
    if (digits.length > 0) void import('../otp/otp-screen').catch(() => undefined);
  }, [digits.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async () => {
    if (!complete || busy || waitLeft > 0) return;
    setBusy(true);
    const result = await requestOtp(formatMobile(country, digits));
    setBusy(false);
    if (result.ok) void navigate({ to: '/otp-verification' });
    else if (result.error.retryAfterSeconds !== undefined) setWaitUntil(Date.now() + result.error.retryAfterSeconds * 1000);
    else showError(result.error);
  };

  // A code sent by the error dialog's Retry button (not by submit above) also moves on.
  const requestStatus = flow.doc.requestStatus;
  const previousStatus = useRef(requestStatus);
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = requestStatus;
    if (before !== 'fulfilled' && requestStatus === 'fulfilled' && flow.doc.otpRequested && !busy) {
      void navigate({ to: '/otp-verification' });
    }
  }, [requestStatus, flow.doc.otpRequested, busy, navigate]);

  const problemText = (() => {
    if (problem === 'start') {
      return intl.formatMessage(
        { id: 'login.phone.error.start' },
        { country: countryName(country.iso, intl.locale, country.name), digits: intl.formatList(country.mobileStarts, { type: 'disjunction' }) },
      );
    }
    if (problem === 'country') {
      const served = COUNTRIES.map((c) => intl.formatMessage({ id: 'login.phone.countryOption' }, { country: countryName(c.iso, intl.locale, c.name), dialCode: c.dialCode }));
      return intl.formatMessage({ id: 'login.phone.error.country' }, { countries: intl.formatList(served, { type: 'conjunction' }) });
    }
    return undefined;
  })();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return (
    <div className="login">
      <ProductPanel />
      <main className="login__main">
        {!online && (
          <div className="login__offline">
            <OfflineBanner message={intl.formatMessage({ id: 'login.offline' })} />
          </div>
        )}
        <div className="login__top">
          <span className="login__brand-mobile">
            <Brand />
          </span>
          <LanguageSwitcher />
        </div>
        <form className="login__card" onSubmit={onSubmit} noValidate>
          <img className="login__hero" src={heroImage} alt="" width={220} height={160} />
          <h1 className="login__title">{intl.formatMessage({ id: 'login.title' })}</h1>
          <p className="login__subtitle">{intl.formatMessage({ id: 'login.subtitle' }, { count: OTP_LENGTH })}</p>
          <PhoneField
            label={intl.formatMessage({ id: 'login.phone.label' })}
            countryLabel={intl.formatMessage({ id: 'login.phone.country' })}
            clearLabel={intl.formatMessage({ id: 'login.phone.clear' })}
            hint={intl.formatMessage({ id: 'login.phone.hint' }, { count: country.digitCount })}
            error={problemText}
            countries={countries}
            country={country.iso}
            onCountryChange={(iso) => {
              const next = countryByIso(iso) ?? DEFAULT_COUNTRY;
              setCountry(next);
              setDigits((d) => sanitizePhoneInput(d, next));
              inputRef.current?.focus();
            }}
            value={digits}
            onValueChange={(raw) => {
              const read = readPhoneInput(raw, country);
              setCountry(read.country);
              setDigits(read.text);
            }}
            onClear={() => {
              setDigits('');
              inputRef.current?.focus();
            }}
            onEnter={() => {
              if (shouldSubmitPhoneOnKey('Enter', digits, country)) void submit();
            }}
            // readOnly, not disabled: focus stays in the field, and returns there after a dialog
            readOnly={busy}
            inputRef={inputRef}
          />
          {waitLeft > 0 && <WaitCountdown key={waitTextId} className="login__wait" textId={waitTextId} secondsLeft={waitLeft} />}
          <Button type="submit" block disabled={!complete || waitLeft > 0} pending={busy} className="login__continue">
            {intl.formatMessage({ id: busy ? 'login.continue.pending' : 'login.continue' })}
          </Button>
          <p className="login__note">{intl.formatMessage({ id: 'login.note' })}</p>
        </form>
      </main>
    </div>
  );
}
