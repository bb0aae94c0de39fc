// The error catalogue of spec part 1 §8, as data. Every text a dialog or toast shows is named
// here by its message id (the texts live in src/i18n/messages/*.json) with the values it takes;
// the functions below pick the entry for a failure. Nothing here formats text, touches the
// network or knows React: the UI turns ids into text with react-intl, the data layer returns
// the AppError these functions build.
//
// Two kinds of text are deliberately NOT message ids: the thrown error messages the spec quotes
// for developers and the error-reporting service ('{status}:-Bad Status', 'Forward next token
// must be present', ...). They are plain strings in INTERNAL_ERROR_TEXT and badStatusText().
import type { AppError, DialogAction, DialogSpec } from './error-types';
import { isLoginTokenUsable, type LoginTokenFields } from './session-expiry';
import { MESSAGE_TEXT_MAX_CHARS } from './constants';

export type { AppError, DialogAction, DialogImage, DialogSpec } from './error-types';

// ---------- message ids ----------

/** Every message id the catalogue uses. Convention: error.<entry>.<part>, dialog.<dialog>.<part>, notice.<area>.<what>. */
export const MSG = {
  action: {
    ok: 'dialog.action.ok',
    retry: 'dialog.action.retry',
    close: 'dialog.action.close',
  },
  noInternet: { title: 'error.noInternet.title', body: 'error.noInternet.body' },
  server502: { title: 'error.server502.title', body: 'error.server502.body' },
  server503: { title: 'error.server503.title', body: 'error.server503.body' },
  server504: { title: 'error.server504.title', body: 'error.server504.body' },
  server5xx: { title: 'error.server5xx.title', body: 'error.server5xx.body' },
  /** '{status}:-{message}' */
  badStatusWithMessage: 'error.badStatus.withMessage',
  /** '{status}:-Bad Status' */
  badStatusPlain: 'error.badStatus.plain',
  /** '{message}': the server's own message, shown as it came. */
  serverMessage: 'error.serverMessage',
  somethingWentWrong: { title: 'error.somethingWentWrong.title', body: 'error.somethingWentWrong.body' },
  otpRequest: {
    title: 'error.otpRequest.title',
    /** the default login error */
    default: 'error.otpRequest.default',
    /** login-error-423 */
    locked: 'error.otpRequest.locked',
    /** a 423 or 429 with Retry-After: shown inline, counting down; takes {time} */
    wait: 'error.otpRequest.wait',
  },
  otpConfirm: {
    status401: 'error.otpConfirm.status401',
    status412: 'error.otpConfirm.status412',
    status423: 'error.otpConfirm.status423',
    status429: 'error.otpConfirm.status429',
    /** 412 for an expired code (status412 says the code no longer works, whatever the cause) */
    expired: 'error.otpConfirm.expired',
    /** 423 with Retry-After: the number is locked; {time} counts down */
    locked: 'error.otpConfirm.locked',
    /** 429 with Retry-After: the code is burnt by wrong tries; {time} until a new code can be asked */
    burnt: 'error.otpConfirm.burnt',
    default: 'error.otpConfirm.default',
  },
  otpCorrect: 'notice.otp.correct',
  logout: { title: 'dialog.logout.title', body: 'dialog.logout.body', accept: 'dialog.logout.accept', decline: 'dialog.logout.decline' },
  autoLogout: {
    title: 'dialog.autoLogout.title',
    body: 'dialog.autoLogout.body',
    accept: 'dialog.autoLogout.accept',
    decline: 'dialog.autoLogout.decline',
  },
  update: { title: 'dialog.update.title', body: 'dialog.update.body', accept: 'dialog.update.accept', decline: 'dialog.update.decline' },
  /** body takes {mobile} */
  editMobile: {
    title: 'dialog.editMobile.title',
    body: 'dialog.editMobile.body',
    confirm: 'dialog.editMobile.confirm',
    decline: 'dialog.editMobile.decline',
  },
  operation: {
    invalidBotId: 'error.operation.invalidBotId',
    pin: 'error.operation.pin',
    unpin: 'error.operation.unpin',
    sendFeedback: 'error.operation.sendFeedback',
    messageRating: 'error.operation.messageRating',
    submitReview: 'error.operation.submitReview',
    deleteReview: 'error.operation.deleteReview',
    mute: 'error.operation.mute',
    unmute: 'error.operation.unmute',
    report: 'error.operation.report',
    block: 'error.operation.block',
    unblock: 'error.operation.unblock',
    archive: 'error.operation.archive',
    unarchive: 'error.operation.unarchive',
  },
  attachment: {
    /** 'file not supported : {ext}' */
    unsupportedExtension: 'error.attachment.unsupportedExtension',
    /** 'file not supported : {name}' */
    unsupportedType: 'error.attachment.unsupportedType',
    /** 'file not supported' */
    unsupported: 'error.attachment.unsupported',
    /** minFileSizeMsg */
    empty: 'error.attachment.empty',
    /** maxFileSizeMsg64Mb */
    tooLarge: 'error.attachment.tooLarge',
    /** maxUploadFile; takes {max} */
    tooMany: 'error.attachment.tooMany',
    allImages: 'error.attachment.allImages',
    oneFileAtATime: 'error.attachment.oneFileAtATime',
  },
  cart: {
    /** 'Max quantity reached' (spec part 2 §8, a toast) */
    maxQuantity: 'error.cart.maxQuantity',
    /** the server refused a cart change: it is undone (spec part 2 §8 "Failed cart sync") */
    reverted: 'error.cart.reverted',
    /** the cart is full (CART_LIMITS.maxLines) */
    full: 'error.cart.full',
    /** cartUpdateInfo: the confirmation when the cart is updated */
    updated: 'notice.cart.updated',
  },
  /** 'Message type **not supported**, please **refresh**, clear cache if problem persists' */
  unsupportedMessageType: 'error.message.unsupportedType',
  /** a text over MESSAGE_TEXT_MAX_CHARS; takes {max} */
  messageTooLong: 'error.message.tooLong',
  /** a send to a bot the user has blocked (refused on the device, nothing is queued) */
  botBlocked: 'error.message.botBlocked',
  miniAppNotSupported: 'error.miniApp.notSupported',
  location: {
    /** GeolocationPositionError code 1 */
    permissionDenied: 'error.location.permissionDenied',
    /** code 2 */
    unavailable: 'error.location.unavailable',
    /** code 3 */
    timeout: 'error.location.timeout',
    unknown: 'error.location.unknown',
    /** 'Could not fetch your location... Please try again... ' */
    default: 'error.location.default',
    /** locationPermissionDeniedMessage (permission prompt) */
    promptDenied: 'error.location.promptDenied',
    /** locationPermissionUnsupported (permission prompt, unsupported dialog) */
    promptUnsupported: 'error.location.promptUnsupported',
  },
  locationNotice: {
    fetching: 'notice.location.fetching',
    pleaseWait: 'notice.location.pleaseWait',
    fetched: 'notice.location.fetched',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any message id of the catalogue. */
export type CatalogueMessageId = Leaves<typeof MSG>;

/** Every id of MSG, flattened (the i18n tests check each one exists in every locale). */
export function catalogueMessageIds(): CatalogueMessageId[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') out.push(node);
    else if (node !== null && typeof node === 'object') for (const v of Object.values(node)) walk(v);
  };
  walk(MSG);
  return out as CatalogueMessageId[];
}

/** The operation error texts of §8, by operation (shown as a toast when the command fails). */
export type OperationErrorKind = keyof typeof MSG.operation;
export const OPERATION_ERROR_IDS: Readonly<Record<OperationErrorKind, string>> = MSG.operation;

// ---------- thrown errors and their texts ----------

/** Developer-facing messages the spec quotes for thrown errors; not shown to users, not translated. */
export const INTERNAL_ERROR_TEXT = {
  noResponse: 'Response not received from server',
  badStatusDefault: 'Bad Status',
  subscriptionSave: 'Bad status code from server.',
  forwardTokenMissing: 'Forward next token must be present',
  backwardTokenMissing: 'Backward next token must be present',
  noMediaType: 'No media type found',
  userUnauthorised: 'User Unauthorised',
  malformedResponse: 'Malformed response',
  cancelled: 'Request cancelled',
  timedOut: 'Request timed out',
} as const;

/** '{status}:-{message}', or '{status}:-Bad Status' when the server gave no message. */
export function badStatusText(status: number, message?: string | null): string {
  return `${status}:-${message != null && message !== '' ? message : INTERNAL_ERROR_TEXT.badStatusDefault}`;
}

/** Thrown when a request times out or is cancelled (spec part 1 §8). */
export class CancelError extends Error {
  override readonly name = 'CancelError';
  readonly reason: 'timeout' | 'cancelled';
  constructor(reason: 'timeout' | 'cancelled' = 'cancelled') {
    super(reason === 'timeout' ? INTERNAL_ERROR_TEXT.timedOut : INTERNAL_ERROR_TEXT.cancelled);
    this.reason = reason;
  }
}

/** Thrown instead of the no-internet dialog for the message webhook and socket-url calls. */
export class NoResponseError extends Error {
  override readonly name = 'NoResponseError';
  constructor() {
    super(INTERNAL_ERROR_TEXT.noResponse);
  }
}

/** What a refusal says besides its status and message (ErrorBody.reason, the Retry-After header). */
export interface BadStatusDetail {
  reason?: string;
  retryAfterSeconds?: number;
}

/** Thrown for a non-200 answer the caller does not map itself; message is badStatusText(). */
export class BadStatusError extends Error {
  override readonly name: string = 'BadStatusError';
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly detail: BadStatusDetail;
  constructor(status: number, serverMessage?: string | null, detail: BadStatusDetail = {}) {
    super(badStatusText(status, serverMessage));
    this.status = status;
    this.serverMessage = serverMessage ?? undefined;
    this.detail = detail;
  }
}

export function isCancelError(e: unknown): e is CancelError {
  return e instanceof CancelError || (e instanceof Error && e.name === 'CancelError');
}

// ---------- dialogs ----------

const OK = [{ labelId: MSG.action.ok, action: 'default' as DialogAction }];

export function noInternetDialog(): DialogSpec {
  return { kind: 'no-internet', image: 'no-internet', titleId: MSG.noInternet.title, bodyId: MSG.noInternet.body, actions: OK.slice() };
}

/** Title and body of a 5xx: 502, 503 and 504 have their own; any other status gets Internal Server Error. */
export function serverErrorTexts(status: number): { titleId: string; bodyId: string } {
  switch (status) {
    case 502:
      return { titleId: MSG.server502.title, bodyId: MSG.server502.body };
    case 503:
      return { titleId: MSG.server503.title, bodyId: MSG.server503.body };
    case 504:
      return { titleId: MSG.server504.title, bodyId: MSG.server504.body };
    default:
      return { titleId: MSG.server5xx.title, bodyId: MSG.server5xx.body };
  }
}

/** The server-error dialog for a status (sync-status.serverError.status). */
export function serverErrorDialog(status: number): DialogSpec {
  return { kind: 'server-error', image: 'server-error', ...serverErrorTexts(status), values: { status }, actions: OK.slice() };
}

export function somethingWentWrongDialog(): DialogSpec {
  return {
    kind: 'error',
    image: 'something-went-wrong',
    titleId: MSG.somethingWentWrong.title,
    bodyId: MSG.somethingWentWrong.body,
    actions: OK.slice(),
  };
}

/** Logout confirmation: decline first, the destructive accept last. */
export function logoutDialog(): DialogSpec {
  return {
    kind: 'confirm',
    image: 'none',
    titleId: MSG.logout.title,
    bodyId: MSG.logout.body,
    actions: [
      { labelId: MSG.logout.decline, action: 'logout-decline' },
      { labelId: MSG.logout.accept, action: 'logout-accept' },
    ],
  };
}

/** A 401 while a usable login token exists: sign in again with it (accept) or clear everything (decline). */
export function autoLogoutDialog(): DialogSpec {
  return {
    kind: 'confirm',
    image: 'none',
    titleId: MSG.autoLogout.title,
    bodyId: MSG.autoLogout.body,
    actions: [
      { labelId: MSG.autoLogout.decline, action: 'auto-logout-decline' },
      { labelId: MSG.autoLogout.accept, action: 'auto-logout-accept' },
    ],
  };
}

export function updateAvailableDialog(): DialogSpec {
  return {
    kind: 'update-available',
    image: 'update',
    titleId: MSG.update.title,
    bodyId: MSG.update.body,
    actions: [
      { labelId: MSG.update.decline, action: 'update-app-version-decline' },
      { labelId: MSG.update.accept, action: 'update-app-version' },
    ],
  };
}

/**
 * "Is this your number?" on the OTP screen. Per spec part 1 §4, edit-mobile only closes the
 * dialog (the number is right, stay) and edit-mobile-decline resets otpRequested and goes back
 * to the login screen (the number is wrong, change it); the texts are worded to match.
 */
export function editMobileDialog(mobile: string): DialogSpec {
  return {
    kind: 'confirm',
    image: 'none',
    titleId: MSG.editMobile.title,
    bodyId: MSG.editMobile.body,
    values: { mobile },
    actions: [
      { labelId: MSG.editMobile.decline, action: 'edit-mobile-decline' },
      { labelId: MSG.editMobile.confirm, action: 'edit-mobile' },
    ],
  };
}

// ---------- errors for statuses ----------

/** Catalogue keys of AppError.key. */
export type ErrorKey =
  | 'noResponse'
  | 'cancelled'
  | 'server502'
  | 'server503'
  | 'server504'
  | 'server5xx'
  | 'unauthorised'
  | 'autoLogout'
  | 'sessionExpired'
  | 'sessionClosed'
  | 'badStatus'
  | 'otpRequest'
  | 'otpRequest423'
  | 'otpConfirm401'
  | 'otpConfirm412'
  | 'otpConfirm412Expired'
  | 'otpConfirm423'
  | 'otpConfirm429'
  | 'otpConfirm'
  | 'somethingWentWrong'
  | 'messageTooLong'
  | `operation.${OperationErrorKind}`;

const hasText = (message: string | null | undefined): message is string => message != null && message.trim() !== '';

/** No answer at all (offline, DNS, connection reset): the no-internet dialog. */
export function noResponseError(): AppError {
  return { key: 'noResponse', status: 0, dialog: noInternetDialog(), textId: MSG.noInternet.body };
}

/** A timeout or cancellation: nothing is shown (the user cancelled, or a retry follows). */
export function cancelledError(reason: 'timeout' | 'cancelled' = 'cancelled'): AppError {
  return { key: 'cancelled', message: reason === 'timeout' ? INTERNAL_ERROR_TEXT.timedOut : INTERNAL_ERROR_TEXT.cancelled };
}

function serverError(status: number): AppError {
  const key = status === 502 || status === 503 || status === 504 ? (`server${status}` as const) : 'server5xx';
  const dialog = serverErrorDialog(status);
  return { key, status, dialog, textId: dialog.bodyId };
}

/**
 * The catalogue entry for a failed answer of any call without a rule of its own.
 * - 0 (no response): no-internet dialog.
 * - 5xx: server-error dialog with the 502/503/504/other texts (the server's message is kept but not shown).
 * - 401: 'unauthorised' without a dialog; the caller applies unauthorisedError() (spec part 1 §4).
 * - 440: 'sessionClosed' (standalone: clear token and selected bot, close the extension).
 * - anything else: 'badStatus', no dialog (reported, not shown: §8); its text ids render
 *   '{status}:-{message}' / '{status}:-Bad Status', and badStatusText() gives the same as a plain string.
 */
export function errorForStatus(status: number, message?: string | null): AppError {
  const serverMessage = hasText(message) ? message : undefined;
  if (status === 0) return noResponseError();
  if (status >= 500 && status <= 599) return { ...serverError(status), ...(serverMessage ? { message: serverMessage } : {}) };
  if (status === 401) return { key: 'unauthorised', status, ...(serverMessage ? { message: serverMessage } : {}) };
  if (status === 440) return { key: 'sessionClosed', status, ...(serverMessage ? { message: serverMessage } : {}) };
  return {
    key: 'badStatus',
    status,
    ...(serverMessage ? { message: serverMessage } : {}),
    textId: serverMessage ? MSG.badStatusWithMessage : MSG.badStatusPlain,
    values: serverMessage ? { status, message: serverMessage } : { status },
  };
}

/**
 * The 401 rule of spec part 1 §4 (non-standalone): with a usable login token, the auto-logout
 * prompt (and the caller resets messages); otherwise the caller clears local data and the
 * generic something-went-wrong dialog shows.
 */
export function unauthorisedError(session: LoginTokenFields | null | undefined, now: number): AppError {
  if (isLoginTokenUsable(session, now)) return { key: 'autoLogout', status: 401, dialog: autoLogoutDialog() };
  return { key: 'sessionExpired', status: 401, dialog: somethingWentWrongDialog() };
}

/**
 * A failed send-otp. The dialog has the something-went-wrong image and a retry button (then a
 * close button, so the user is never trapped). A 423 or 429 with Retry-After: inline, counting
 * down, no dialog (retryAfterSeconds). 423 without it: the server's message or login-error-423,
 * with no retry. Other statuses: the server's message or the default login error. No response
 * and 5xx keep the same dialog with the no-internet / server texts, so the retry stays at hand.
 */
export function otpRequestError(status: number, message?: string | null, detail: BadStatusDetail = {}): AppError {
  const serverMessage = hasText(message) ? message : undefined;
  const wait = detail.retryAfterSeconds;
  if ((status === 423 || status === 429) && wait !== undefined && wait > 0) {
    // A wait the server named: our text in the user's language, inline with a live countdown
    // ({time}), Continue / Resend off until it ends; no dialog, the server's English not shown.
    return { key: `otpRequest${status}Wait`, status, ...(serverMessage ? { message: serverMessage } : {}), textId: MSG.otpRequest.wait, retryAfterSeconds: wait };
  }
  const retry = { labelId: MSG.action.retry, action: 'retry-request-otp' as DialogAction };
  const close = { labelId: MSG.action.close, action: 'default' as DialogAction };
  const base = { kind: 'error' as const, image: 'something-went-wrong' as const, titleId: MSG.otpRequest.title };

  if (status === 423) {
    const bodyId = serverMessage ? MSG.serverMessage : MSG.otpRequest.locked;
    const values = serverMessage ? { message: serverMessage } : undefined;
    return {
      key: 'otpRequest423',
      status,
      ...(serverMessage ? { message: serverMessage } : {}),
      textId: bodyId,
      ...(values ? { values } : {}),
      dialog: { ...base, bodyId, ...(values ? { values } : {}), actions: [{ labelId: MSG.action.ok, action: 'default' }] },
    };
  }
  if (status === 0) {
    return { key: 'otpRequest', status, textId: MSG.noInternet.body, dialog: { ...base, image: 'no-internet', titleId: MSG.noInternet.title, bodyId: MSG.noInternet.body, actions: [retry, close] } };
  }
  if (status >= 500 && status <= 599) {
    const texts = serverErrorTexts(status);
    return {
      key: 'otpRequest',
      status,
      ...(serverMessage ? { message: serverMessage } : {}),
      textId: texts.bodyId,
      dialog: { ...base, image: 'server-error', ...texts, actions: [retry, close] },
    };
  }
  const bodyId = serverMessage ? MSG.serverMessage : MSG.otpRequest.default;
  const values = serverMessage ? { message: serverMessage } : undefined;
  return {
    key: 'otpRequest',
    status,
    ...(serverMessage ? { message: serverMessage } : {}),
    textId: bodyId,
    ...(values ? { values } : {}),
    dialog: { ...base, bodyId, ...(values ? { values } : {}), actions: [retry, close] },
  };
}

/** ErrorBody.reason of a sign-in 429 that asks the client to wait and try again (not a burnt code). */
export const SLOW_DOWN_REASON = 'slow-down';
/** The key of a verify-otp slow-down: the OTP screen keeps the boxes off until it ends, as for a lock. */
export const OTP_CONFIRM_SLOW_DOWN_KEY = 'otpConfirm429SlowDown';

const OTP_CONFIRM_STATUS_IDS: Readonly<Record<number, string>> = {
  401: MSG.otpConfirm.status401,
  412: MSG.otpConfirm.status412,
  423: MSG.otpConfirm.status423,
  429: MSG.otpConfirm.status429,
};

/**
 * A failed verify-otp. 401, 412, 423 and 429 map to the otpError text of the same number (our
 * texts, so the server's message is kept but not shown); others show the server's message or the
 * default. These show inline under the boxes (red), so there is no dialog, except for no
 * response (no-internet dialog) and 5xx (server-error dialog). "Expired" is said only when the
 * server's reason says so (412 has other causes: used, burnt, no code). A 423 or 429 with
 * Retry-After carries the wait (retryAfterSeconds): the text counts it down ({time}); after it,
 * a 423 is over and a 429's code still no longer works (afterWaitTextId), unless the 429 is a
 * slow-down (reason 'slow-down': too many wrong tries from this client), which reads and ends as a lock.
 */
export function otpConfirmError(status: number, message?: string | null, detail: BadStatusDetail = {}): AppError {
  const serverMessage = hasText(message) ? message : undefined;
  const withMessage = serverMessage ? { message: serverMessage } : {};
  if (status === 0) return noResponseError();
  if (status >= 500 && status <= 599) return { ...serverError(status), ...withMessage };
  const wait = detail.retryAfterSeconds;
  if (status === 412 && detail.reason === 'expired') return { key: 'otpConfirm412Expired', status, ...withMessage, textId: MSG.otpConfirm.expired };
  if (status === 423 && wait !== undefined && wait > 0) {
    return { key: 'otpConfirm423', status, ...withMessage, textId: MSG.otpConfirm.locked, retryAfterSeconds: wait };
  }
  if (status === 429 && wait !== undefined && wait > 0 && detail.reason === SLOW_DOWN_REASON) {
    // too many wrong tries: a wait, like a lock, after which the same code may be typed again
    return { key: OTP_CONFIRM_SLOW_DOWN_KEY, status, ...withMessage, textId: MSG.otpConfirm.locked, retryAfterSeconds: wait };
  }
  if (status === 429 && wait !== undefined && wait > 0) {
    return { key: 'otpConfirm429', status, ...withMessage, textId: MSG.otpConfirm.burnt, retryAfterSeconds: wait, afterWaitTextId: MSG.otpConfirm.status412 };
  }
  const mapped = OTP_CONFIRM_STATUS_IDS[status];
  if (mapped !== undefined) return { key: `otpConfirm${status}`, status, ...withMessage, textId: mapped };
  if (serverMessage) return { key: 'otpConfirm', status, message: serverMessage, textId: MSG.serverMessage, values: { message: serverMessage } };
  return { key: 'otpConfirm', status, textId: MSG.otpConfirm.default };
}

/** The success text shown when the code was right. */
export const OTP_CORRECT_TEXT_ID = MSG.otpCorrect;

/** An operation's failure (pin, mute, report, ...): a toast with the §8 text. */
export function operationError(kind: OperationErrorKind, status?: number, message?: string | null): AppError {
  return {
    key: `operation.${kind}`,
    ...(status !== undefined ? { status } : {}),
    ...(hasText(message) ? { message } : {}),
    textId: MSG.operation[kind],
  };
}

/**
 * Rebuilds a full AppError (texts and dialog) from what a local document keeps of it: the
 * auth-flow doc stores { key, status, message } only, since dialogs are derived data.
 */
export function restoreAppError(stored: { key: string; status?: number; message?: string }): AppError {
  const { key, status = 0, message } = stored;
  if (key === 'otpRequest' || key === 'otpRequest423') return otpRequestError(key === 'otpRequest423' ? 423 : status, message);
  if (key === 'otpConfirm412Expired') return otpConfirmError(412, message, { reason: 'expired' });
  if (key.startsWith('otpConfirm')) return otpConfirmError(status, message);
  if (key === 'noResponse') return noResponseError();
  if (key === 'cancelled') return cancelledError();
  if (key === 'autoLogout') return { key, status: 401, dialog: autoLogoutDialog() };
  if (key === 'sessionExpired' || key === 'somethingWentWrong') return { key, ...(stored.status !== undefined ? { status } : {}), dialog: somethingWentWrongDialog() };
  if (key.startsWith('operation.')) {
    const kind = key.slice('operation.'.length);
    if (kind in MSG.operation) return operationError(kind as OperationErrorKind, stored.status, message);
  }
  return errorForStatus(status, message);
}

/** The generic something-went-wrong dialog as an error (also the startup-chain failure of §8). */
export function somethingWentWrongError(status?: number, message?: string | null): AppError {
  return {
    key: 'somethingWentWrong',
    ...(status !== undefined ? { status } : {}),
    ...(hasText(message) ? { message } : {}),
    dialog: somethingWentWrongDialog(),
  };
}

/**
 * The brief notice for a failed geolocation request, by GeolocationPositionError.code:
 * 1 denied, 2 unavailable, 3 timed out, another code unknown; no code at all gives the default.
 */
export function geolocationErrorTextId(code?: number | null): string {
  switch (code) {
    case 1:
      return MSG.location.permissionDenied;
    case 2:
      return MSG.location.unavailable;
    case 3:
      return MSG.location.timeout;
    case null:
    case undefined:
      return MSG.location.default;
    default:
      return MSG.location.unknown;
  }
}

/** A text longer than the server takes (MESSAGE_TEXT_MAX_CHARS): shown under the input, nothing is sent. */
/** A cart edit refused on the device (max quantity, full cart): the toast text. */
export function cartEditError(reason: 'max-quantity' | 'cart-full'): AppError {
  return reason === 'max-quantity' ? { key: 'cartMaxQuantity', textId: MSG.cart.maxQuantity } : { key: 'cartFull', textId: MSG.cart.full };
}

/** The text of a cart change the server refused: its 'Max quantity reached', else the generic undo notice. */
export function cartRefusalTextId(serverMessage: string): string {
  return serverMessage === 'Max quantity reached' ? MSG.cart.maxQuantity : MSG.cart.reverted;
}

/** A send to a bot the user has blocked: refused on the device, nothing is queued (spec part 1 §4 "Bot lists"). */
export function botBlockedError(): AppError {
  return { key: 'botBlocked', textId: MSG.botBlocked };
}

export function messageTooLongError(): AppError {
  return { key: 'messageTooLong', textId: MSG.messageTooLong, values: { max: MESSAGE_TEXT_MAX_CHARS } };
}
