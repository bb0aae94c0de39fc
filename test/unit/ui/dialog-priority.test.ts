import { describe, expect, it } from 'vitest';
import { dismissActionOf, orderActions, pickDialog } from '../../../src/app/dialog-priority';
import { DEFAULT_SYNC_STATUS } from '../../../src/db/defaults';
import { autoLogoutDialog, editMobileDialog, noInternetDialog, otpRequestError, serverErrorDialog, updateAvailableDialog } from '../../../src/domain/errors';

const otpDialog = otpRequestError(400).dialog!;

describe('pickDialog', () => {
  it('shows nothing when nothing is raised', () => {
    expect(pickDialog(DEFAULT_SYNC_STATUS, [])).toBeNull();
    expect(pickDialog(null, [])).toBeNull();
  });

  it('puts the auto-logout prompt before everything', () => {
    const picked = pickDialog({ ...DEFAULT_SYNC_STATUS, autoLogoutPrompt: true, noInternet: true }, [otpDialog]);
    expect(picked?.spec).toEqual(autoLogoutDialog());
    expect(picked?.source).toBe('sync');
  });

  it('puts a screen dialog before the connectivity dialogs', () => {
    const picked = pickDialog({ ...DEFAULT_SYNC_STATUS, noInternet: true, serverError: { status: 503 } }, [otpDialog]);
    expect(picked).toEqual({ spec: otpDialog, source: 'queue' });
  });

  it('orders server error, no internet, update', () => {
    expect(pickDialog({ ...DEFAULT_SYNC_STATUS, noInternet: true, serverError: { status: 502 }, updateAvailable: true }, [])?.spec).toEqual(serverErrorDialog(502));
    expect(pickDialog({ ...DEFAULT_SYNC_STATUS, noInternet: true, updateAvailable: true }, [])?.spec).toEqual(noInternetDialog());
    expect(pickDialog({ ...DEFAULT_SYNC_STATUS, updateAvailable: true }, [])?.spec).toEqual(updateAvailableDialog());
  });

  it('shows the session-expired notice as something went wrong', () => {
    expect(pickDialog({ ...DEFAULT_SYNC_STATUS, sessionExpired: true }, [])?.spec.titleId).toBe('error.somethingWentWrong.title');
  });
});

describe('dismissActionOf (what Escape does)', () => {
  it('closes dialogs that have a close or decline action', () => {
    expect(dismissActionOf(noInternetDialog())).toBe('default');
    expect(dismissActionOf(otpDialog)).toBe('default');
    expect(dismissActionOf(updateAvailableDialog())).toBe('update-app-version-decline');
    expect(dismissActionOf(editMobileDialog('+919876543210'))).toBe('edit-mobile');
  });

  it('does not let Escape answer the auto-logout prompt', () => {
    expect(dismissActionOf(autoLogoutDialog())).toBeUndefined();
  });
});

describe('orderActions (button order)', () => {
  it('puts Close before Retry, so Retry is the primary button', () => {
    expect(orderActions(otpRequestError(400).dialog!).map((a) => a.action)).toEqual(['default', 'retry-request-otp']);
  });
  it('keeps decline-then-accept dialogs as they are', () => {
    expect(orderActions(autoLogoutDialog()).map((a) => a.action)).toEqual(['auto-logout-decline', 'auto-logout-accept']);
    expect(orderActions(updateAvailableDialog()).map((a) => a.action)).toEqual(['update-app-version-decline', 'update-app-version']);
  });
});
