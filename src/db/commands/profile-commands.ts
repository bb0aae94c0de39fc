// The profile's commands (issue 18): edits applied at once and queued on the one action queue
// (src/db/profile-edits.ts), the rest through the engine (src/sync/profile-sync.ts).
import { somethingWentWrongError } from '../../domain/errors';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { sharedMediaStore } from '../media-cache';
import { queueProfileEdit, type ProfileEditInput } from '../profile-edits';
import { runEngine } from './run-engine';

/** Shows the edit at once and queues it (sent now when online, else when the network returns). */
export async function editProfile(input: ProfileEditInput): Promise<CommandResult> {
  try {
    await queueProfileEdit(getClient().db, sharedMediaStore(), input, Date.now());
    return ok();
  } catch (err) {
    console.error('editProfile failed', err);
    return failed(somethingWentWrongError());
  }
}

export const ensureProfile = (force = false) => runEngine('ensureProfile', force);
export const invalidateProfile = () => runEngine('invalidateProfile');
export const previewCustomCode = (code: string) => runEngine('previewCustomCode', code);
export const applyCustomCode = (code: string) => runEngine('applyCustomCode', code);
export const sendEmailVerification = () => runEngine('sendEmailVerification');
export const loadDeleteReasons = (language: string) => runEngine('loadDeleteReasons', language);
export const dismissProfileNotice = () => runEngine('dismissProfileNotice');
