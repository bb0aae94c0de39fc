import { describe, expect, it } from 'vitest';
import {
  BadStatusError,
  CancelError,
  INTERNAL_ERROR_TEXT,
  MSG,
  NoResponseError,
  OPERATION_ERROR_IDS,
  OTP_CORRECT_TEXT_ID,
  autoLogoutDialog,
  badStatusText,
  cancelledError,
  catalogueMessageIds,
  editMobileDialog,
  errorForStatus,
  geolocationErrorTextId,
  isCancelError,
  logoutDialog,
  noInternetDialog,
  noResponseError,
  operationError,
  otpConfirmError,
  otpRequestError,
  restoreAppError,
  serverErrorDialog,
  somethingWentWrongDialog,
  somethingWentWrongError,
  unauthorisedError,
  updateAvailableDialog,
  type DialogAction,
} from '../../../src/domain/errors';

const actionsOf = (d: { actions: { action: DialogAction }[] } | undefined) => d?.actions.map((a) => a.action);

describe('badStatusText', () => {
  it("is '{status}:-{message}' or '{status}:-Bad Status'", () => {
    expect(badStatusText(404, 'Not found')).toBe('404:-Not found');
    expect(badStatusText(404)).toBe('404:-Bad Status');
    expect(badStatusText(400, '')).toBe('400:-Bad Status');
    expect(badStatusText(400, null)).toBe('400:-Bad Status');
  });
});

describe('no response', () => {
  it('shows the no-internet dialog: image, title, helper text', () => {
    const e = noResponseError();
    expect(e.key).toBe('noResponse');
    expect(e.dialog).toEqual({
      kind: 'no-internet',
      image: 'no-internet',
      titleId: 'error.noInternet.title',
      bodyId: 'error.noInternet.body',
      actions: [{ labelId: 'dialog.action.ok', action: 'default' }],
    });
    expect(errorForStatus(0)).toEqual(e);
    expect(noInternetDialog()).toEqual(e.dialog);
  });

  it("NoResponseError says 'Response not received from server'", () => {
    const e = new NoResponseError();
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe('Response not received from server');
    expect(e.name).toBe('NoResponseError');
  });
});

describe('5xx', () => {
  it.each([
    [502, 'error.server502.title', 'error.server502.body', 'server502'],
    [503, 'error.server503.title', 'error.server503.body', 'server503'],
    [504, 'error.server504.title', 'error.server504.body', 'server504'],
    [500, 'error.server5xx.title', 'error.server5xx.body', 'server5xx'],
    [501, 'error.server5xx.title', 'error.server5xx.body', 'server5xx'],
    [505, 'error.server5xx.title', 'error.server5xx.body', 'server5xx'],
    [599, 'error.server5xx.title', 'error.server5xx.body', 'server5xx'],
  ])('%i → %s', (status, titleId, bodyId, key) => {
    const e = errorForStatus(status, 'upstream said no');
    expect(e.key).toBe(key);
    expect(e.status).toBe(status);
    expect(e.message).toBe('upstream said no');
    expect(e.dialog).toMatchObject({ kind: 'server-error', image: 'server-error', titleId, bodyId });
    expect(actionsOf(e.dialog)).toEqual(['default']);
    expect(serverErrorDialog(status)).toEqual(e.dialog);
  });
});

describe('other statuses', () => {
  it('401 is left to the unauthorised rule', () => {
    const e = errorForStatus(401);
    expect(e).toEqual({ key: 'unauthorised', status: 401 });
  });

  it('440 closes the session (standalone)', () => {
    expect(errorForStatus(440).key).toBe('sessionClosed');
  });

  it.each([400, 403, 404, 409, 412, 422, 423, 429, 302, 600])('%i is a bad status, without a dialog', (status) => {
    const plain = errorForStatus(status);
    expect(plain).toEqual({ key: 'badStatus', status, textId: 'error.badStatus.plain', values: { status } });
    const withMessage = errorForStatus(status, 'nope');
    expect(withMessage).toEqual({
      key: 'badStatus',
      status,
      message: 'nope',
      textId: 'error.badStatus.withMessage',
      values: { status, message: 'nope' },
    });
    expect(withMessage.dialog).toBeUndefined();
  });

  it('a blank server message counts as none', () => {
    expect(errorForStatus(400, '   ').message).toBeUndefined();
    expect(errorForStatus(400, '   ').textId).toBe('error.badStatus.plain');
  });

  it('BadStatusError carries the same text', () => {
    const e = new BadStatusError(418, 'teapot');
    expect(e.message).toBe('418:-teapot');
    expect(e.status).toBe(418);
    expect(new BadStatusError(418).message).toBe('418:-Bad Status');
  });
});

describe('401 rule (spec part 1 §4)', () => {
  const now = 1_700_000_000_000;
  it('a usable login token gives the auto-logout prompt with accept and decline', () => {
    const e = unauthorisedError({ loginToken: 't', loginTokenExpiry: now + 1 }, now);
    expect(e.key).toBe('autoLogout');
    expect(e.status).toBe(401);
    expect(e.dialog).toEqual(autoLogoutDialog());
    expect(actionsOf(e.dialog)).toEqual(['auto-logout-decline', 'auto-logout-accept']);
  });

  it('otherwise the generic something-went-wrong dialog', () => {
    for (const session of [null, { loginToken: null, loginTokenExpiry: now + 1 }, { loginToken: 't', loginTokenExpiry: now }]) {
      const e = unauthorisedError(session, now);
      expect(e.key).toBe('sessionExpired');
      expect(e.dialog).toEqual(somethingWentWrongDialog());
    }
  });
});

describe('OTP request failure', () => {
  it('other statuses: server message, retry button, something-went-wrong image', () => {
    const e = otpRequestError(400, 'mobile is invalid');
    expect(e.key).toBe('otpRequest');
    expect(e.message).toBe('mobile is invalid');
    expect(e.dialog).toMatchObject({ kind: 'error', image: 'something-went-wrong', titleId: 'error.otpRequest.title', bodyId: 'error.serverMessage' });
    expect(e.dialog?.values).toEqual({ message: 'mobile is invalid' });
    expect(actionsOf(e.dialog)).toEqual(['retry-request-otp', 'default']);
    expect(e.dialog?.actions[0]?.labelId).toBe('dialog.action.retry');
  });

  it('other statuses without a message: the default login error', () => {
    for (const status of [400, 403, 404, 429]) {
      const e = otpRequestError(status);
      expect(e.dialog?.bodyId).toBe('error.otpRequest.default');
      expect(e.dialog?.values).toBeUndefined();
      expect(actionsOf(e.dialog)).toContain('retry-request-otp');
    }
  });

  it('423: the server message or login-error-423, with no retry', () => {
    const withMessage = otpRequestError(423, 'Locked for 30 minutes');
    expect(withMessage.key).toBe('otpRequest423');
    expect(withMessage.dialog?.bodyId).toBe('error.serverMessage');
    expect(withMessage.dialog?.values).toEqual({ message: 'Locked for 30 minutes' });
    expect(actionsOf(withMessage.dialog)).toEqual(['default']);
    const plain = otpRequestError(423);
    expect(plain.dialog?.bodyId).toBe('error.otpRequest.locked');
    expect(actionsOf(plain.dialog)).not.toContain('retry-request-otp');
  });

  it('no response and 5xx keep the retry, with the matching texts', () => {
    const offline = otpRequestError(0);
    expect(offline.dialog).toMatchObject({ image: 'no-internet', titleId: 'error.noInternet.title', bodyId: 'error.noInternet.body' });
    expect(actionsOf(offline.dialog)).toEqual(['retry-request-otp', 'default']);
    const down = otpRequestError(503);
    expect(down.dialog).toMatchObject({ image: 'server-error', titleId: 'error.server503.title', bodyId: 'error.server503.body' });
    expect(actionsOf(down.dialog)).toEqual(['retry-request-otp', 'default']);
  });
});

describe('OTP confirm errors', () => {
  it.each([
    [401, 'otpConfirm401', 'error.otpConfirm.status401'],
    [412, 'otpConfirm412', 'error.otpConfirm.status412'],
    [423, 'otpConfirm423', 'error.otpConfirm.status423'],
    [429, 'otpConfirm429', 'error.otpConfirm.status429'],
  ])('%i → %s (our text, even with a server message)', (status, key, textId) => {
    const e = otpConfirmError(status, 'server words');
    expect(e).toEqual({ key, status, message: 'server words', textId });
    expect(otpConfirmError(status)).toEqual({ key, status, textId });
  });

  it('says "expired" only when the server gives that reason for its 412', () => {
    expect(otpConfirmError(412, 'This code has expired', { reason: 'expired' })).toEqual({
      key: 'otpConfirm412Expired', status: 412, message: 'This code has expired', textId: 'error.otpConfirm.expired',
    });
    for (const reason of ['used', 'burnt', 'no-code', undefined]) {
      expect(otpConfirmError(412, 'x', reason ? { reason } : {}).textId, reason).toBe('error.otpConfirm.status412');
    }
    // kept across a reload (auth-flow stores key, status, message)
    expect(restoreAppError({ key: 'otpConfirm412Expired', status: 412 }).textId).toBe('error.otpConfirm.expired');
    expect(restoreAppError({ key: 'otpConfirm412', status: 412 }).textId).toBe('error.otpConfirm.status412');
  });

  it('423 and 429 with Retry-After carry the wait, for a countdown', () => {
    expect(otpConfirmError(423, 'locked', { retryAfterSeconds: 3600 })).toEqual({
      key: 'otpConfirm423', status: 423, message: 'locked', textId: 'error.otpConfirm.locked', retryAfterSeconds: 3600,
    });
    expect(otpConfirmError(429, undefined, { retryAfterSeconds: 42 })).toEqual({
      key: 'otpConfirm429', status: 429, textId: 'error.otpConfirm.burnt', retryAfterSeconds: 42, afterWaitTextId: 'error.otpConfirm.status412',
    });
    // a slow-down (too many wrong tries from this client): read as a lock, nothing after it
    expect(otpConfirmError(429, 'Too many wrong codes', { retryAfterSeconds: 8, reason: 'slow-down' })).toEqual({
      key: 'otpConfirm429SlowDown', status: 429, message: 'Too many wrong codes', textId: 'error.otpConfirm.locked', retryAfterSeconds: 8,
    });
    // without a wait: the plain texts
    expect(otpConfirmError(423, undefined, {}).textId).toBe('error.otpConfirm.status423');
    expect(otpConfirmError(429, undefined, { retryAfterSeconds: 0 }).textId).toBe('error.otpConfirm.status429');
  });

  it('other statuses: the server message, else the default', () => {
    expect(otpConfirmError(400, 'otp must be exactly 4 digits')).toEqual({
      key: 'otpConfirm',
      status: 400,
      message: 'otp must be exactly 4 digits',
      textId: 'error.serverMessage',
      values: { message: 'otp must be exactly 4 digits' },
    });
    expect(otpConfirmError(403)).toEqual({ key: 'otpConfirm', status: 403, textId: 'error.otpConfirm.default' });
  });

  it('no response and 5xx show their dialogs', () => {
    expect(otpConfirmError(0).dialog?.kind).toBe('no-internet');
    expect(otpConfirmError(502).dialog).toMatchObject({ kind: 'server-error', titleId: 'error.server502.title' });
  });

  it('has a correct-code success text', () => {
    expect(OTP_CORRECT_TEXT_ID).toBe('notice.otp.correct');
  });
});

describe('cancel', () => {
  it('CancelError on timeout or cancellation', () => {
    const t = new CancelError('timeout');
    expect(t.reason).toBe('timeout');
    expect(t.name).toBe('CancelError');
    expect(isCancelError(t)).toBe(true);
    expect(new CancelError().reason).toBe('cancelled');
    expect(isCancelError(new Error('x'))).toBe(false);
    expect(isCancelError('CancelError')).toBe(false);
    expect(cancelledError().key).toBe('cancelled');
    expect(cancelledError().dialog).toBeUndefined();
  });
});

describe('dialogs', () => {
  it('logout confirm', () => {
    expect(logoutDialog()).toMatchObject({ kind: 'confirm', titleId: 'dialog.logout.title', bodyId: 'dialog.logout.body' });
    expect(actionsOf(logoutDialog())).toEqual(['logout-decline', 'logout-accept']);
  });

  it('update available', () => {
    expect(updateAvailableDialog()).toMatchObject({ kind: 'update-available', image: 'update' });
    expect(actionsOf(updateAvailableDialog())).toEqual(['update-app-version-decline', 'update-app-version']);
  });

  it('edit mobile', () => {
    const d = editMobileDialog('+919876543210');
    expect(d.values).toEqual({ mobile: '+919876543210' });
    expect(actionsOf(d)).toEqual(['edit-mobile-decline', 'edit-mobile']);
  });

  it('something went wrong', () => {
    expect(somethingWentWrongDialog()).toMatchObject({ kind: 'error', image: 'something-went-wrong', titleId: 'error.somethingWentWrong.title' });
    expect(somethingWentWrongError(500, 'x')).toMatchObject({ key: 'somethingWentWrong', status: 500, message: 'x' });
  });

  it('every dialog action is one of spec part 1 §4', () => {
    const known: DialogAction[] = [
      'retry-request-otp',
      'logout-accept',
      'logout-decline',
      'auto-logout-accept',
      'auto-logout-decline',
      'edit-mobile',
      'edit-mobile-decline',
      'update-app-version',
      'update-app-version-decline',
      'default',
    ];
    const dialogs = [noInternetDialog(), serverErrorDialog(500), somethingWentWrongDialog(), logoutDialog(), autoLogoutDialog(), updateAvailableDialog(), editMobileDialog('x'), otpRequestError(400).dialog, otpRequestError(423).dialog];
    for (const d of dialogs) for (const a of d!.actions) expect(known).toContain(a.action);
  });

  it('dialogs are fresh objects (callers may not share mutations)', () => {
    const a = noInternetDialog();
    a.actions.push({ labelId: 'x', action: 'default' });
    expect(noInternetDialog().actions).toHaveLength(1);
  });
});

describe('operation errors', () => {
  it('have ids for every §8 operation text', () => {
    expect(Object.keys(OPERATION_ERROR_IDS).sort()).toEqual(
      ['invalidBotId', 'pin', 'unpin', 'sendFeedback', 'messageRating', 'submitReview', 'deleteReview', 'mute', 'unmute', 'report', 'block', 'unblock', 'archive', 'unarchive'].sort(),
    );
    expect(operationError('pin', 500)).toEqual({ key: 'operation.pin', status: 500, textId: 'error.operation.pin' });
  });
});

describe('geolocation notices', () => {
  it('map error codes', () => {
    expect(geolocationErrorTextId(1)).toBe(MSG.location.permissionDenied);
    expect(geolocationErrorTextId(2)).toBe(MSG.location.unavailable);
    expect(geolocationErrorTextId(3)).toBe(MSG.location.timeout);
    expect(geolocationErrorTextId(9)).toBe(MSG.location.unknown);
    expect(geolocationErrorTextId()).toBe(MSG.location.default);
  });
});

describe('restoreAppError', () => {
  it('rebuilds what a local document keeps of an error', () => {
    for (const e of [
      otpRequestError(400, 'bad'),
      otpRequestError(423),
      otpRequestError(0),
      otpRequestError(503),
      otpConfirmError(401),
      otpConfirmError(400, 'x'),
      otpConfirmError(403),
      noResponseError(),
      errorForStatus(404),
      errorForStatus(404, 'gone'),
      errorForStatus(502),
      operationError('mute', 500),
    ]) {
      const stored = { key: e.key, ...(e.status !== undefined ? { status: e.status } : {}), ...(e.message !== undefined ? { message: e.message } : {}) };
      const back = restoreAppError(stored);
      expect(back.key).toBe(e.key);
      expect(back.dialog).toEqual(e.dialog);
      expect(back.textId).toEqual(e.textId);
      expect(back.values).toEqual(e.values);
      expect(back.message).toEqual(e.message);
    }
    expect(restoreAppError({ key: 'autoLogout' }).dialog).toEqual(autoLogoutDialog());
    expect(restoreAppError({ key: 'sessionExpired' }).dialog).toEqual(somethingWentWrongDialog());
  });
});

describe('catalogue ids', () => {
  it('are unique, namespaced and complete', () => {
    const ids = catalogueMessageIds();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(error|dialog|notice)(\.[a-zA-Z0-9]+)+$/);
    expect(ids).toContain('error.server502.title');
    expect(Object.values(INTERNAL_ERROR_TEXT)).toContain('Response not received from server');
  });
});
