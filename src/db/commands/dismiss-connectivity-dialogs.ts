import { DEFAULT_SYNC_STATUS } from '../defaults';
import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';

/** Clears noInternet and serverError in sync-status (the no-internet and server-error dialogs close). */
export async function dismissConnectivityDialogs(): Promise<CommandResult> {
  await patchLocalDoc(getClient().db, 'sync-status', { noInternet: false, serverError: null, sessionExpired: false }, DEFAULT_SYNC_STATUS);
  return ok();
}
