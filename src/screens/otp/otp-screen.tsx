// The OTP screen (spec part 1 §2, §4, §5): four boxes driven by the domain's reducer
// (otp-input.ts), auto-submit, red text when the code is wrong, and a resend control that
// opens 59 s after the code was sent (from auth-flow.otpSentAt, so a reload keeps the count).
import { useEffect, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { OTP_RESEND_WAIT_MS } from '../../domain/constants';
import { restoreAppError } from '../../domain/errors';
import type { AppError } from '../../domain/error-types';
import { initialOtpState, otpReducer, otpValue, type OtpAction } from '../../domain/otp-input';
import { editMobile, resendOtp, useAuthFlow, verifyOtp } from '../../db/ui-surface';
import { useShowError } from '../../app/dialog-queue';
import { Button } from '../../ui/button';
import { OtpBoxes } from '../../ui/otp-boxes';
import { Spinner } from '../../ui/spinner';
import { Brand } from '../shared/brand';
import { LanguageSwitcher } from '../shared/language-switcher';
import { formatCountdown, formatMobileForDisplay, resendSecondsLeft } from './format-mobile';
import { useNow } from './use-now';
import { OfflineBanner } from '../../ui/offline-banner';
import { useOnline } from '../shared/use-online';
import './otp.css';

export default function OtpScreen() {
  const intl = useIntl();
  const flow = useAuthFlow();
  const showError = useShowError();
  const [state, dispatch] = useReducer(otpReducer, undefined, initialOtpState);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // A wrong code survives a reload: auth-flow keeps the last error.
  const [error, setError] = useState<AppError | null>(() =>
    flow.doc.confirmStatus === 'rejected' && flow.doc.error ? restoreAppError(flow.doc.error) : null,
  );
  const submitted = useRef(state.submitSeq);
  const online = useOnline();

  const sentAt = flow.doc.otpSentAt;
  const now = useNow(sentAt !== null && Date.now() < sentAt + OTP_RESEND_WAIT_MS);
  const secondsLeft = resendSecondsLeft(sentAt, now, OTP_RESEND_WAIT_MS);
  const mobile = flow.doc.mobile ?? '';

  const act = (action: OtpAction) => {
    if (action.type !== 'focus') setError(null);
    dispatch(action);
  };

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Auto-submit: the reducer bumps submitSeq each time the input completes the code.
  const code = otpValue(state);
  useEffect(() => {
    if (state.submitSeq === submitted.current) return;
    submitted.current = state.submitSeq;
    setVerifying(true);
    setNotice(null);
    void verifyOtp(code).then((result) => {
      if (!mounted.current) return;
      setVerifying(false);
      if (result.ok) return; // signed in: the route guard moves on to onboarding or home
      // A wrong code shows inline (red); no network or a server failure shows a dialog.
      if (!showError(result.error)) setError(result.error);
    });
  }, [state.submitSeq, code, showError]);

  const resend = async () => {
    setResending(true);
    const result = await resendOtp();
    setResending(false);
    if (result.ok) {
      dispatch({ type: 'reset' });
      setError(null);
      setNotice(intl.formatMessage({ id: 'otp.resend.done' }));
    } else {
      showError(result.error);
    }
  };

  const errorText = error ? intl.formatMessage({ id: error.textId ?? 'error.otpConfirm.default' }, error.values) : null;

  return (
    <div className="otp">
      <header className="otp__top">
        <button type="button" className="otp__back" aria-label={intl.formatMessage({ id: 'common.back' })} onClick={() => void editMobile()}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <Brand />
        <LanguageSwitcher />
      </header>
      {!online && <OfflineBanner message={intl.formatMessage({ id: 'login.offline' })} />}
      <main className="otp__main">
        <div className="otp__card">
          <img className="otp__art" src="/images/otp-phone.svg" alt="" width={120} height={120} />
          <h1 className="otp__title">{intl.formatMessage({ id: 'otp.title' })}</h1>
          <p className="otp__sent">{intl.formatMessage({ id: 'otp.sentTo' }, { count: state.digits.length })}</p>
          <p className="otp__mobile">
            <bdi dir="ltr" className="otp__number">
              {formatMobileForDisplay(mobile)}
            </bdi>
            <button type="button" className="otp__edit" aria-label={intl.formatMessage({ id: 'otp.editMobile' })} onClick={() => void editMobile()}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              </svg>
              <span aria-hidden="true">{intl.formatMessage({ id: 'otp.edit' })}</span>
            </button>
          </p>

          <OtpBoxes
            digits={state.digits}
            focus={state.focus}
            groupLabel={intl.formatMessage({ id: 'otp.group' })}
            digitLabel={(position, count) => intl.formatMessage({ id: 'otp.digit' }, { position, count })}
            invalid={!!error}
            errorId="otp-error"
            autoFocus
            onKey={(index, key) => act({ type: 'key', index, key })}
            onInput={(index, value) => act({ type: 'input', index, value })}
            onPaste={(text) => act({ type: 'paste', text })}
            onFocusBox={(index) => act({ type: 'focus', index })}
          />

          <div className="otp__status">
            {errorText && (
              <p id="otp-error" className="otp__error" role="alert">
                {errorText}
              </p>
            )}
            {verifying && (
              <p className="otp__verifying" role="status">
                <Spinner size="small" />
                {intl.formatMessage({ id: 'otp.verifying' })}
              </p>
            )}
            {!errorText && !verifying && notice && (
              <p className="otp__notice" role="status">
                {notice}
              </p>
            )}
          </div>

          <div className="otp__resend">
            <p className="otp__resend-question">{intl.formatMessage({ id: 'otp.resend.question' })}</p>
            <Button variant="text" disabled={secondsLeft > 0} pending={resending} onClick={() => void resend()}>
              {intl.formatMessage({ id: 'otp.resend' })}
            </Button>
            {secondsLeft > 0 && (
              <p className="otp__countdown">
                {intl.formatMessage({ id: 'otp.resend.wait' }, { time: formatCountdown(secondsLeft) })}
              </p>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}
