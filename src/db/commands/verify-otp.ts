import { DEFAULT_AUTH_FLOW } from '../defaults';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { recordSignInWait } from './sign-in-waits';
import { runEngine } from './run-engine';

/**
 * verify-otp for auth-flow.mobile; on success the session and the profile are stored. A lock
 * (423 with Retry-After) is kept in 'sign-in-waits' for the number until it ends; an accepted
 * code forgets the number's wait.
 */
export async function verifyOtp(otp: string): Promise<CommandResult> {
  const db = getClient().db;
  const flow = await patchLocalDoc(db, 'auth-flow', { confirmStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  const result = await runEngine('verifyOtp', otp);
  await recordSignInWait(db, flow.mobile, 'locked', result, [423]);
  return result;
}
