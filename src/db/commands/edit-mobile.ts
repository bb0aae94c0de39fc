import { DEFAULT_AUTH_FLOW } from '../defaults';
import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';

/** Back to the login screen keeping the number (otpRequested false). Local only. */
export async function editMobile(): Promise<CommandResult> {
  await patchLocalDoc(
    getClient().db,
    'auth-flow',
    { otpRequested: false, requestStatus: 'idle', confirmStatus: 'idle', error: null },
    DEFAULT_AUTH_FLOW,
  );
  return ok();
}
