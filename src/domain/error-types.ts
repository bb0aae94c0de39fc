// Types of the error catalogue (spec part 1 §8). The catalogue itself (data and the functions
// that pick an entry for a status) lives in errors.ts; texts live in the locale files under
// the message ids named here, so every dialog or toast text comes from one place.

/** The error-dialog actions of spec part 1 §4. */
export type DialogAction =
  | 'retry-request-otp'
  | 'logout-accept'
  | 'logout-decline'
  | 'auto-logout-accept'
  | 'auto-logout-decline'
  | 'edit-mobile'
  | 'edit-mobile-decline'
  | 'update-app-version'
  | 'update-app-version-decline'
  | 'default';

export type DialogImage = 'no-internet' | 'something-went-wrong' | 'server-error' | 'update' | 'none';

/** A dialog to show: ids of its texts, the values those texts take, and its buttons. */
export interface DialogSpec {
  kind: 'no-internet' | 'server-error' | 'update-available' | 'error' | 'confirm';
  image: DialogImage;
  titleId: string;
  bodyId: string;
  values?: Record<string, string | number>;
  /** Buttons in order; each has the message id of its label and the action it runs. */
  actions: { labelId: string; action: DialogAction }[];
}

/** An expected failure, as commands return it and the UI shows it. */
export interface AppError {
  /** catalogue key, e.g. 'noResponse', 'badStatus', 'otpRequest', 'otpConfirm401', 'cancelled' */
  key: string;
  status?: number;
  /** the server's message, when it gave one */
  message?: string;
  /** the dialog to show, when this failure shows one (others are inline or toast) */
  dialog?: DialogSpec;
  /** message id of the one-line text for an inline or toast display (e.g. under the OTP boxes) */
  textId?: string;
  /** values of textId's placeholders */
  values?: Record<string, string | number>;
  /** A wait the server asked for (Retry-After), in seconds from when the answer came: textId takes it as {time}, counting down. */
  retryAfterSeconds?: number;
  /** The text once that wait is over; none: the error is over too. */
  afterWaitTextId?: string;
}
