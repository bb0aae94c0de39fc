// The OTP screen (spec part 1 §2, §4, §5): four boxes driven by the domain's reducer
// (otp-input.ts), auto-submit, red text when the code is wrong, and a resend control that
// opens 59 s after the code was sent (from auth-flow.otpSentAt, so a reload keeps the count).
// After a refused code the boxes empty and focus returns to the first, so the next code is typed
// afresh and sent once (each submission is one try on the server). A lock or a burnt code with
// Retry-After shows the wait counting down; while a number is locked the boxes take nothing.
// A lock and a refused Resend's wait are kept per number ('sign-in-waits', useSignInWait), so a
// reload keeps the countdown and the boxes / Resend off until it ends. The countdowns are
// announced once (WaitCountdown), not every second.
import { useEffect, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { OTP_RESEND_WAIT_MS } from '../../domain/constants';
import { restoreAppError } from '../../domain/errors';
import type { AppError } from '../../domain/error-types';
import { initialOtpState, otpReducer, otpValue, type OtpAction } from '../../domain/otp-input';
import { editMobile, endSignInWaitOf, resendOtp, useAuthFlow, useSignInWait, verifyOtp } from '../../db/ui-surface';
import { secondsUntil } from '../../domain/sign-in-wait';
import { useShowError } from '../../app/dialog-queue';
import { preloadSignedInShell } from '../../app/shell-chunks';
import { Button } from '../../ui/button';
import { OtpBoxes } from '../../ui/otp-boxes';
import { Spinner } from '../../ui/spinner';
import { Brand } from '../shared/brand';
import { LanguageSwitcher } from '../shared/language-switcher';
import { formatCountdown, formatMobileForDisplay, resendSecondsLeft } from './format-mobile';
import { WaitCountdown } from '../shared/wait-countdown';
import { useNow } from './use-now';
import { OfflineBanner } from '../../ui/offline-banner';
import { useOnline } from '../shared/use-online';
import './otp.css';
import phoneImage from './images/otp-phone.svg?inline';

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
  const mobile = flow.doc.mobile ?? '';
  // The number's wait kept across reloads: a lock (boxes off) or a refused Resend (Resend off).
  const stored = useSignInWait(mobile || null).wait;
  // When the error's Retry-After wait ends (epoch ms), or null.
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const lockUntil = error?.status === 423 && waitUntil !== null ? waitUntil : stored?.kind === 'locked' ? stored.until : null;
  // A Resend refused with Retry-After (423 / 429): when that wait ends (epoch ms); Resend stays off.
  const [resendUntil, setResendUntil] = useState<number | null>(null);
  const resendBlockUntil = resendUntil ?? (stored?.kind === 'request' ? stored.until : null);
  const waitNow = useNow([waitUntil, lockUntil, resendBlockUntil].some((t) => t !== null && Date.now() < t));
  const waitLeft = secondsUntil(waitUntil, waitNow);
  const lockLeft = secondsUntil(lockUntil, waitNow);
  const locked = lockLeft > 0;
  const resendWaitLeft = secondsUntil(resendBlockUntil, waitNow);
  const submitted = useRef(state.submitSeq);
  const online = useOnline();
  // the screens after sign-in render in the signed-in shell: its chunks now, not after the code
  useEffect(() => void preloadSignedInShell(), []);

  const sentAt = flow.doc.otpSentAt;
  const now = useNow(sentAt !== null && Date.now() < sentAt + OTP_RESEND_WAIT_MS);
  const secondsLeft = resendSecondsLeft(sentAt, now, OTP_RESEND_WAIT_MS);

  // A wait seen to end is forgotten: a lock's text goes, the boxes and Resend come back.
  const lockRunning = lockLeft > 0;
  const sawLock = useRef(false);
  useEffect(() => {
    if (lockRunning) sawLock.current = true;
    else if (sawLock.current) {
      sawLock.current = false;
      setError((e) => (e?.status === 423 ? null : e));
      setWaitUntil(null);
      if (mobile) void endSignInWaitOf(mobile, 'locked');
    }
  }, [lockRunning, mobile]);
  const resendBlocked = resendWaitLeft > 0;
  const sawResendWait = useRef(false);
  useEffect(() => {
    if (resendBlocked) sawResendWait.current = true;
    else if (sawResendWait.current) {
      sawResendWait.current = false;
      setResendUntil(null);
      if (mobile) void endSignInWaitOf(mobile, 'request');
    }
  }, [resendBlocked, mobile]);

  const act = (action: OtpAction) => {
    if (action.type !== 'focus') {
      // A code being checked takes no more input: a digit changed now would send another try.
      if (verifying) return;
      setError(null);
      setWaitUntil(null);
    }
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
      // A wrong code shows inline (red), and the boxes empty for the next try; no network or a
      // server failure shows a dialog and keeps the digits.
      if (!showError(result.error)) {
        setError(result.error);
        const wait = result.error.retryAfterSeconds;
        setWaitUntil(wait !== undefined ? Date.now() + wait * 1000 : null);
        dispatch({ type: 'reset' });
      }
    });
  }, [state.submitSeq, code, showError]);

  const resend = async () => {
    setResending(true);
    const result = await resendOtp();
    setResending(false);
    if (result.ok) {
      dispatch({ type: 'reset' });
      setError(null);
      setWaitUntil(null);
      setNotice(intl.formatMessage({ id: 'otp.resend.done' }));
    } else if (result.error.retryAfterSeconds !== undefined) {
      setResendUntil(Date.now() + result.error.retryAfterSeconds * 1000);
    } else {
      showError(result.error);
    }
  };

  // A running wait with its countdown: the lock (also after a reload), or a burnt code's wait.
  const errorWait: { textId: string; values?: Record<string, string | number>; secondsLeft: number } | null = locked
    ? { textId: 'error.otpConfirm.locked', secondsLeft: lockLeft }
    : error && error.retryAfterSeconds !== undefined && waitUntil !== null && waitLeft > 0
      ? { textId: error.textId ?? 'error.otpConfirm.default', ...(error.values ? { values: error.values } : {}), secondsLeft: waitLeft }
      : null;

  const errorText = (() => {
    if (errorWait) return intl.formatMessage({ id: errorWait.textId }, { ...errorWait.values, time: formatCountdown(errorWait.secondsLeft) });
    if (!error) return null;
    if (error.retryAfterSeconds === undefined || waitUntil === null) return intl.formatMessage({ id: error.textId ?? 'error.otpConfirm.default' }, error.values);
    if (waitLeft > 0) return intl.formatMessage({ id: error.textId ?? 'error.otpConfirm.default' }, { ...error.values, time: formatCountdown(waitLeft) });
    // the wait is over: a lock is lifted; a burnt code still does not work
    return error.afterWaitTextId ? intl.formatMessage({ id: error.afterWaitTextId }, error.values) : null;
  })();

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
          <img className="otp__art" src={phoneImage} alt="" width={120} height={120} />
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
            invalid={!!errorText}
            disabled={locked}
            errorId="otp-error"
            autoFocus
            onKey={(index, key) => act({ type: 'key', index, key })}
            onInput={(index, value) => act({ type: 'input', index, value })}
            onPaste={(text) => act({ type: 'paste', text })}
            onFocusBox={(index) => act({ type: 'focus', index })}
          />

          <div className="otp__status">
            {errorWait ? (
              <WaitCountdown key={errorWait.textId} id="otp-error" className="otp__error" role="alert" textId={errorWait.textId} values={errorWait.values} secondsLeft={errorWait.secondsLeft} />
            ) : (
              errorText && (
                <p id="otp-error" className="otp__error" role="alert">
                  {errorText}
                </p>
              )
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
            <Button variant="text" disabled={secondsLeft > 0 || resendWaitLeft > 0} pending={resending} onClick={() => void resend()}>
              {intl.formatMessage({ id: 'otp.resend' })}
            </Button>
            {resendWaitLeft > 0 && <WaitCountdown className="otp__countdown" textId="error.otpRequest.wait" secondsLeft={resendWaitLeft} />}
            {secondsLeft > 0 && resendWaitLeft === 0 && (
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
