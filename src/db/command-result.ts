// The result of every command (src/db/commands) and engine call (src/sync): commands never throw
// for an expected failure; they return the catalogue's AppError for the UI to show.
import type { AppError } from '../domain/error-types';

export type CommandResult<T = void> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok(): CommandResult;
export function ok<T>(value: T): CommandResult<T>;
export function ok<T>(value?: T): CommandResult<T | undefined> {
  return { ok: true, value };
}

export function failed<T = void>(error: AppError): CommandResult<T> {
  return { ok: false, error };
}

/**
 * Errors whose dialog the dialog host already shows from the sync-status document (no-internet,
 * server error, auto-logout prompt, session expired). A screen that gets one of these from a
 * command shows nothing more than, at most, its inline text.
 */
export const SHOWN_BY_SYNC_STATUS: readonly string[] = ['noResponse', 'server502', 'server503', 'server504', 'server5xx', 'autoLogout', 'sessionExpired'];

export function isShownBySyncStatus(error: AppError): boolean {
  return SHOWN_BY_SYNC_STATUS.includes(error.key);
}
