import { describe, expect, it } from 'vitest';
import { formatCountdown, formatMobileForDisplay, resendSecondsLeft } from '../../../src/screens/otp/format-mobile';
import { OTP_RESEND_WAIT_MS } from '../../../src/domain/constants';

describe('resend countdown', () => {
  const sentAt = 1_000_000;
  it('counts down 59 s from when the code was sent (so a reload keeps the count)', () => {
    expect(resendSecondsLeft(sentAt, sentAt, OTP_RESEND_WAIT_MS)).toBe(59);
    expect(resendSecondsLeft(sentAt, sentAt + 500, OTP_RESEND_WAIT_MS)).toBe(59);
    expect(resendSecondsLeft(sentAt, sentAt + 58_001, OTP_RESEND_WAIT_MS)).toBe(1);
    expect(resendSecondsLeft(sentAt, sentAt + 59_000, OTP_RESEND_WAIT_MS)).toBe(0);
    expect(resendSecondsLeft(sentAt, sentAt + 600_000, OTP_RESEND_WAIT_MS)).toBe(0);
  });
  it('allows a resend when no send time is known', () => {
    expect(resendSecondsLeft(null, sentAt, OTP_RESEND_WAIT_MS)).toBe(0);
  });
  it('formats m:ss', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('formatMobileForDisplay', () => {
  it('groups the national number per country', () => {
    expect(formatMobileForDisplay('+919876543210')).toBe('+91 98765 43210');
    expect(formatMobileForDisplay('+6591234567')).toBe('+65 9123 4567');
    expect(formatMobileForDisplay('+66812345678')).toBe('+66 81 234 5678');
  });
  it('leaves anything else as it is', () => {
    expect(formatMobileForDisplay('12345')).toBe('12345');
  });
});
