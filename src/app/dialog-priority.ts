// Which catalogue dialog the host shows now, and which action Escape runs. Pure, unit-tested.
import type { DialogAction, DialogSpec } from '../domain/error-types';
import { autoLogoutDialog, noInternetDialog, serverErrorDialog, somethingWentWrongDialog, updateAvailableDialog } from '../domain/errors';
import type { SyncStatusDoc } from '../db/local-docs';

export type DialogSource = 'queue' | 'sync';

/** Most urgent first: the auto-logout prompt, the session-expired notice, dialogs raised by
 *  screens, then server error, no internet, update available. */
export function pickDialog(status: SyncStatusDoc | null, queue: readonly DialogSpec[]): { spec: DialogSpec; source: DialogSource } | null {
  if (status?.autoLogoutPrompt) return { spec: autoLogoutDialog(), source: 'sync' };
  if (status?.sessionExpired) return { spec: somethingWentWrongDialog(), source: 'sync' };
  const first = queue[0];
  if (first) return { spec: first, source: 'queue' };
  if (!status) return null;
  if (status.serverError) return { spec: serverErrorDialog(status.serverError.status), source: 'sync' };
  if (status.noInternet) return { spec: noInternetDialog(), source: 'sync' };
  if (status.updateAvailable) return { spec: updateAvailableDialog(), source: 'sync' };
  return null;
}

/** Actions that only close or decline: Escape and the backdrop run them. Dialogs without one
 *  (the auto-logout prompt) must be answered with a button. */
const DISMISS_ACTIONS: readonly DialogAction[] = ['default', 'update-app-version-decline', 'edit-mobile'];

export function dismissActionOf(spec: DialogSpec): DialogAction | undefined {
  return spec.actions.find((a) => DISMISS_ACTIONS.includes(a.action))?.action;
}

/** Buttons in display order: closing and declining first, the action the dialog offers last
 *  (the primary button, at the right or the bottom, where the thumb is). */
export function orderActions(spec: DialogSpec): DialogSpec['actions'] {
  const dismiss = dismissActionOf(spec);
  if (!dismiss || spec.actions.length < 2) return spec.actions;
  return [...spec.actions.filter((a) => a.action === dismiss), ...spec.actions.filter((a) => a.action !== dismiss)];
}
