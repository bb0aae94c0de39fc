import { OTP_CONFIRM_SLOW_DOWN_KEY } from '../../domain/errors';
import { DEFAULT_AUTH_FLOW } from '../defaults';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { recordSignInWait } from './sign-in-waits';
import { runEngine } from './run-engine';

/**
 * verify-otp for auth-flow.mobile; on success the session and the profile are stored. A lock
 * (423 with Retry-After) or a slow-down (429 reason slow-down) is kept in 'sign-in-waits' for the
 * number until it ends (the boxes take nothing meanwhile); an accepted code forgets the number's wait.
 */
export async function verifyOtp(otp: string): Promise<CommandResult> {
  const db = getClient().db;
  const flow = await patchLocalDoc(db, 'auth-flow', { confirmStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  const result = await runEngine('verifyOtp', otp);
  const slowDown = !result.ok && result.error.key === OTP_CONFIRM_SLOW_DOWN_KEY;
  await recordSignInWait(db, flow.mobile, 'locked', result, slowDown ? [423, 429] : [423]);
  return result;
}
