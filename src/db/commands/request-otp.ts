import { otpRequestError } from '../../domain/errors';
import { DEFAULT_AUTH_FLOW } from '../defaults';
import { clientForCommand } from '../client';
import { failed, type CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { runEngine } from './run-engine';
import { recordSignInWait } from './sign-in-waits';

/** send-otp for `mobile` (full number, e.g. +919876543210); auth-flow moves pending → fulfilled/rejected. */
export async function requestOtp(mobile: string): Promise<CommandResult> {
  // A signed-out start may show the login screen before its client has started: wait for it. If
  // its code could not be fetched, the network is gone: the send-otp dialog with no response.
  const client = await clientForCommand();
  if (!client) return failed(otpRequestError(0));
  await patchLocalDoc(client.db, 'auth-flow', { mobile, requestStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  const result = await runEngine('requestOtp', mobile);
  // 'noResponse' comes only from runEngine when the engine's code could not be fetched (the
  // engine answers a send-otp with no response as otpRequestError(0)): answer as it would
  if (!result.ok && result.error.key === 'noResponse') {
    const error = otpRequestError(0);
    await patchLocalDoc(client.db, 'auth-flow', { requestStatus: 'rejected', error: { key: error.key, status: 0 } }, DEFAULT_AUTH_FLOW);
    return failed(error);
  }
  // a refusal with Retry-After (423 / 429) is kept for the number until it ends (a reload keeps it)
  await recordSignInWait(client.db, mobile, 'request', result, [423, 429]);
  return result;
}
